import { msg } from "@lingui/core/macro";

import { type OpsRole, roleAllows } from "#contract/operators";
import { supportDeskPaths } from "#contract/support-chat";

import { api } from "./api";

/**
 * The console's pages and the endpoint each one is for: the navigation offers a page, and the page opens,
 * only when the operator's role may call that endpoint (`roleAllows`, the check the server makes). A route
 * exists for each path here (router.tsx), and a link to a path without one does not compile.
 */
export const sections = [
  { to: "/", label: msg`Dashboard`, endpoint: api.dashboard },
  { to: "/recharges", label: msg`Recharges`, endpoint: api.listRecharges },
  { to: "/withdrawals", label: msg`Withdrawals`, endpoint: api.listWithdrawals },
  { to: "/adjustments", label: msg`Adjustments`, endpoint: api.listAdjustments },
  { to: "/verifications", label: msg`Real-name`, endpoint: api.listVerifications },
  { to: "/users", label: msg`Users`, endpoint: api.searchUsers },
  { to: "/support", label: msg`Support`, endpoint: supportDeskPaths.supportThreads },
  { to: "/sms", label: msg`SMS outbox`, endpoint: api.smsOutbox },
  { to: "/products", label: msg`Products`, endpoint: api.listProducts },
  { to: "/plans", label: msg`Yuebao plans`, endpoint: api.listPlansForOps },
  { to: "/channels", label: msg`Deposit channels`, endpoint: api.listChannels },
  { to: "/money-rules", label: msg`Money rules`, endpoint: api.moneyRules },
  { to: "/ledger", label: msg`Ledger`, endpoint: api.ledgerRows },
  { to: "/reconcile", label: msg`Reconcile`, endpoint: api.reconcileReport },
  { to: "/content", label: msg`Content`, endpoint: api.listContentItems },
  { to: "/office", label: msg`Office`, endpoint: api.office },
  { to: "/operators", label: msg`Operators`, endpoint: api.listOperators },
  { to: "/audit", label: msg`Audit log`, endpoint: api.auditLog },
] as const;

export type Section = (typeof sections)[number];
export type SectionPath = Section["to"];

export const sectionAt = (path: SectionPath): Section => sections.find((section) => section.to === path)!;

/** The pages an operator of `role` is offered: those whose endpoint the role may call. */
export const sectionsFor = (role: OpsRole): Section[] => sections.filter((section) => roleAllows(role, section.endpoint));
