import { Outlet, useRouterState } from "@tanstack/react-router";

import { ToastHost } from "../ui/ToastHost";
import { PendingBar } from "./PendingBar";
import { TAB_PATHS, TabBar } from "./TabBar";
import { UpdatePrompt } from "./UpdatePrompt";

/** The 450px column every page lives in; the tab bar shows on the four tab pages only. */
export function Shell() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onTab = TAB_PATHS.includes(pathname);
  return (
    <div className={onTab ? "frame frame-tabs" : "frame"}>
      <PendingBar />
      <Outlet />
      {onTab && <TabBar pathname={pathname} />}
      <UpdatePrompt />
      <ToastHost />
    </div>
  );
}
