import "./console.css";

import { I18nProvider } from "@lingui/react";
import { createHashHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { ConsoleLayout } from "./ConsoleLayout";
import { activateLanguage, i18n, storedLanguage } from "./i18n";
import { AuditPage } from "./pages/AuditPage";
import { ChannelsPage } from "./pages/ChannelsPage";
import { ContentPage } from "./pages/ContentPage";
import { DashboardPage } from "./pages/DashboardPage";
import { LoginPage } from "./pages/LoginPage";
import { MoneyRulesPage } from "./pages/MoneyRulesPage";
import { OfficePage } from "./pages/OfficePage";
import { PlansPage } from "./pages/PlansPage";
import { ProductsPage } from "./pages/ProductsPage";
import { RechargesPage } from "./pages/RechargesPage";
import { ReconcilePage } from "./pages/ReconcilePage";
import { SetupPage } from "./pages/SetupPage";
import { SmsPage } from "./pages/SmsPage";
import { UsersPage } from "./pages/UsersPage";
import { VerificationsPage } from "./pages/VerificationsPage";
import { WithdrawalsPage } from "./pages/WithdrawalsPage";

// The back-office console: its own entry, chunks and catalog, served at /ops/ (the customer app is at /h5/).
const root = createRootRoute({ component: Outlet });
const login = createRoute({ getParentRoute: () => root, path: "/login", component: LoginPage });
const setup = createRoute({ getParentRoute: () => root, path: "/setup", component: SetupPage });
const signedIn = createRoute({ getParentRoute: () => root, id: "signed-in", component: ConsoleLayout });
const page = (path: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => signedIn, path, component });

const routeTree = root.addChildren([
  login,
  setup,
  signedIn.addChildren([
    page("/", DashboardPage),
    page("/recharges", RechargesPage),
    page("/withdrawals", WithdrawalsPage),
    page("/verifications", VerificationsPage),
    page("/users", UsersPage),
    page("/audit", AuditPage),
    page("/products", ProductsPage),
    page("/plans", PlansPage),
    page("/channels", ChannelsPage),
    page("/money-rules", MoneyRulesPage),
    page("/sms", SmsPage),
    page("/content", ContentPage),
    page("/office", OfficePage),
    page("/reconcile", ReconcilePage),
  ]),
]);

const router = createRouter({ routeTree, history: createHashHistory() });

activateLanguage(storedLanguage());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
);
