import { Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";

import { currentUserAtom } from "../api/session";
import { ToastHost } from "../ui/ToastHost";
import { PendingBar } from "./PendingBar";
import { TAB_PATHS, TabBar } from "./TabBar";
import { UpdatePrompt } from "./UpdatePrompt";

// loaded only for a signed-in customer: the first screen of a visitor carries none of it
const RealityCheck = lazy(() => import("@/features/limits/RealityCheck").then((module) => ({ default: module.RealityCheck })));
const logOutModule = () => import("@/features/accounts/api");

/** The 450px column every page lives in; the tab bar shows on the four tab pages only; the reality check over any page. */
export function Shell() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const navigate = useNavigate();
  const onTab = TAB_PATHS.includes(pathname);
  const leave = () =>
    void logOutModule()
      .then(({ logOut }) => logOut())
      .then(() => navigate({ to: "/pages/login/login" }));
  return (
    <div className={onTab ? "frame frame-tabs" : "frame"}>
      <PendingBar />
      <Outlet />
      {onTab && <TabBar pathname={pathname} />}
      {signedIn && (
        <Suspense fallback={null}>
          <RealityCheck onLogOut={leave} />
        </Suspense>
      )}
      <UpdatePrompt />
      <ToastHost />
    </div>
  );
}
