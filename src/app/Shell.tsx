import { Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";

import { currentUserAtom } from "../api/session";
import { ToastHost } from "../ui/ToastHost";
import { PendingBar } from "./PendingBar";
import { TAB_PATHS, TabBar } from "./TabBar";
import { applyUpdateAtom } from "./update-atom";

// loaded only for a signed-in customer: the first screen of a visitor carries none of it
const RealityCheck = lazy(() => import("@/features/limits/RealityCheck").then((module) => ({ default: module.RealityCheck })));
const logOutModule = () => import("@/features/accounts/api");
// shown only once the deferred worker registration has found a new version waiting: fetched then, not at start
const UpdatePrompt = lazy(() => import("./deferred/UpdatePrompt").then((module) => ({ default: module.UpdatePrompt })));

/** The 450px column every page lives in; the tab bar shows on the four tab pages only; the reality check over any page. */
export function Shell() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const updateWaiting = useAtomValue(applyUpdateAtom) !== null;
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
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      <ToastHost />
    </div>
  );
}
