import { createHashHistory, createRootRoute, createRoute, createRouter, Outlet } from "@tanstack/react-router";
import type { ComponentType } from "react";

import { supportDeskPaths } from "#contract/support-chat";

import { api } from "./api";
import { ConsoleLayout, NotFoundInFrame } from "./ConsoleLayout";
import { parseSearchText, searchText } from "./list-params";
import { AdjustmentsPage } from "./pages/AdjustmentsPage";
import { AuditPage } from "./pages/AuditPage";
import { ChannelsPage } from "./pages/ChannelsPage";
import { ContentPage } from "./pages/ContentPage";
import { CustomerPage } from "./pages/CustomerPage";
import { DashboardPage } from "./pages/DashboardPage";
import { LedgerPage } from "./pages/LedgerPage";
import { LoginPage } from "./pages/LoginPage";
import { MoneyRulesPage } from "./pages/MoneyRulesPage";
import { OfficePage } from "./pages/OfficePage";
import { OperatorsPage } from "./pages/OperatorsPage";
import { PlansPage } from "./pages/PlansPage";
import { ProductsPage } from "./pages/ProductsPage";
import { RechargesPage } from "./pages/RechargesPage";
import { ReconcilePage } from "./pages/ReconcilePage";
import { SetupPage } from "./pages/SetupPage";
import { SignInStepsPage } from "./pages/SignInStepsPage";
import { SmsPage } from "./pages/SmsPage";
import { SupportInboxPage } from "./pages/SupportInboxPage";
import { SupportThreadPage } from "./pages/SupportThreadPage";
import { UsersPage } from "./pages/UsersPage";
import { VerificationsPage } from "./pages/VerificationsPage";
import { WithdrawalsPage } from "./pages/WithdrawalsPage";
import { RoleGate } from "./RoleGate";
import { sectionAt, type SectionPath } from "./sections";

// The console's own route tree and router, registered below for the type checker: the console is compiled on
// its own (console/tsconfig.json), so its links and navigations are checked against these paths. The hash
// history keeps the URLs operators bookmark (/ops/#/recharges).
const root = createRootRoute({ component: Outlet });
const login = createRoute({ getParentRoute: () => root, path: "/login", component: LoginPage });
const setup = createRoute({ getParentRoute: () => root, path: "/setup", component: SetupPage });
const signInSteps = createRoute({ getParentRoute: () => root, path: "/sign-in-steps", component: SignInStepsPage });
const signedIn = createRoute({ getParentRoute: () => root, id: "signed-in", component: ConsoleLayout });

/** A signed-in page, opened only for a role that may call its section's endpoint. */
function page<const P extends SectionPath>(path: P, Page: ComponentType) {
  const { endpoint } = sectionAt(path);
  return createRoute({
    getParentRoute: () => signedIn,
    path,
    component: () => (
      <RoleGate endpoint={endpoint}>
        <Page />
      </RoleGate>
    ),
  });
}

/** One customer's page, opened from the Users page or a warning's link; no navigation entry of its own. */
const customer = createRoute({
  getParentRoute: () => signedIn,
  path: "/users/$id",
  component: function CustomerRoute() {
    const { id } = customer.useParams();
    return (
      <RoleGate endpoint={api.userDetail}>
        <CustomerPage id={Number(id)} />
      </RoleGate>
    );
  },
});

/** One customer's support thread, opened from the Support inbox. */
const supportThread = createRoute({
  getParentRoute: () => signedIn,
  path: "/support/$userId",
  component: function SupportThreadRoute() {
    const { userId } = supportThread.useParams();
    return (
      <RoleGate endpoint={supportDeskPaths.supportThreadForOps}>
        <SupportThreadPage userId={Number(userId)} />
      </RoleGate>
    );
  },
});

const routeTree = root.addChildren([
  login,
  setup,
  signInSteps,
  signedIn.addChildren([
    page("/", DashboardPage),
    page("/recharges", RechargesPage),
    page("/withdrawals", WithdrawalsPage),
    page("/adjustments", AdjustmentsPage),
    page("/verifications", VerificationsPage),
    page("/users", UsersPage),
    customer,
    page("/support", SupportInboxPage),
    supportThread,
    page("/operators", OperatorsPage),
    page("/audit", AuditPage),
    page("/products", ProductsPage),
    page("/plans", PlansPage),
    page("/channels", ChannelsPage),
    page("/money-rules", MoneyRulesPage),
    page("/sms", SmsPage),
    page("/content", ContentPage),
    page("/office", OfficePage),
    page("/ledger", LedgerPage),
    page("/reconcile", ReconcilePage),
  ]),
]);

// a list's view lives in the search as plain text (#/withdrawals?status=all&minAmount=10): the router's default
// would read "10" as a number and write it back quoted
export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  parseSearch: parseSearchText,
  stringifySearch: searchText,
  defaultNotFoundComponent: NotFoundInFrame,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
