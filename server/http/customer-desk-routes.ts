import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { addCustomerNote, resetCustomerPassword, setCustomerFrozen, setCustomerLabel } from "../modules/customers/desk-actions";
import { applyTwoStepReset, cancelTwoStepReset, customerTwoStep, proposeTwoStepReset } from "../modules/two-step-resets/service";
import { translate } from "./i18n";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

/**
 * The customer page's actions (freeze, risk labels, notes, a password reset, two people's switching off of
 * two-step sign-in). Each runs in one transaction with
 * its audit row, whose target is the customer (`user:<id>` or the account) and which keeps how it was before.
 */
export function registerCustomerDeskRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const c = opsEndpoints;
  opsWriteRoute(app, c.setCustomerFrozen, ctx, async (input, { operator }, scoped, note) => {
    const changed = await setCustomerFrozen(scoped.db, operator, input, ctx.now());
    note.before = changed.before;
    return { data: changed.after, message: successMessages.done };
  });
  opsWriteRoute(app, c.setCustomerLabel, ctx, async (input, { operator }, scoped, note) => {
    const changed = await setCustomerLabel(scoped.db, operator, input, ctx.now());
    note.target = `user:${changed.userId}`;
    note.before = changed.before;
    return { data: changed.after, message: successMessages.done };
  });
  opsWriteRoute(app, c.addCustomerNote, ctx, async (input, { operator }, scoped, note) => {
    const added = await addCustomerNote(scoped.db, operator, input, ctx.now());
    note.target = `user:${added.userId}`;
    return { data: added.note, message: successMessages.added };
  });
  route(app, c.customerTwoStep, async (input) => ({ data: await customerTwoStep(ctx.db, input.account) }));
  opsWriteRoute(app, c.proposeTwoStepReset, ctx, async (input, { operator }, scoped, note) => {
    const proposed = await proposeTwoStepReset(scoped.db, operator, input, ctx.now());
    note.target = `user:${proposed.userId}`;
    return { data: proposed.proposal, message: successMessages.done };
  });
  opsWriteRoute(app, c.applyTwoStepReset, ctx, async (input, { operator }, scoped, note) => {
    const applied = await applyTwoStepReset(scoped.db, operator, input.id, translate, ctx.now());
    note.target = `user:${applied.userId}`;
    note.before = { twoStep: true, proposal: input.id, status: "pending" };
    return { data: applied.proposal, message: successMessages.done };
  });
  opsWriteRoute(app, c.cancelTwoStepReset, ctx, async (input, { operator }, scoped, note) => {
    const cancelled = await cancelTwoStepReset(scoped.db, operator, input.id, ctx.now());
    note.target = `user:${cancelled.userId}`;
    note.before = { proposal: input.id, status: "pending" };
    return { data: cancelled.proposal, message: successMessages.done };
  });
  opsWriteRoute(app, c.resetCustomerPassword, ctx, async (input, { operator }, scoped, note) => {
    const reset = await resetCustomerPassword(scoped.db, operator, input.account, ctx.now());
    note.before = reset.before;
    // the temporary password is answered this once; the audit row masks the field
    return { data: { account: reset.account, password: reset.password }, message: successMessages.done };
  });
}
