import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import {
  endOperatorSessions,
  listOperatorSessions,
  resetOperatorPassword,
  resetOperatorTotp,
  setOperatorCustomer,
  setOperatorEnabled,
  setOperatorRole,
} from "../modules/operators/management";
import { listOperators } from "../modules/operators/service";
import { changeOwnPassword, confirmTotpEnrolment, startTotpEnrolment } from "../modules/operators/sign-in-steps";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

/**
 * Operator management (admins) and the steps an operator takes for themselves. Each write runs in one
 * transaction with its audit row (`opsWriteRoute`); the answer is the operator as the list shows it after
 * the change, so the console's row updates from the answer.
 */
export function registerOperatorRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  const c = opsEndpoints;
  const account = async (scoped: ServiceContext, id: number) => {
    const row = (await listOperators(scoped)).find((operator) => operator.id === id);
    if (!row) throw new Error(`operator ${id} vanished in its own transaction`);
    return row;
  };

  opsWriteRoute(app, c.setOperatorEnabled, ctx, async (input, { operator }, scoped, note) => {
    const changed = await setOperatorEnabled(scoped.db, operator, input, ctx.now());
    note.target = `operator:${changed.id}`;
    note.before = changed.before;
    return { data: await account(scoped, changed.id), message: successMessages.done };
  });
  opsWriteRoute(app, c.setOperatorRole, ctx, async (input, { operator }, scoped, note) => {
    const changed = await setOperatorRole(scoped.db, operator, input, ctx.now());
    note.target = `operator:${changed.id}`;
    note.before = changed.before;
    return { data: await account(scoped, changed.id), message: successMessages.done };
  });
  opsWriteRoute(app, c.resetOpsPassword, ctx, async (input, { operator }, scoped, note) => {
    const reset = await resetOperatorPassword(scoped.db, operator, input.username, ctx.now());
    note.target = `operator:${reset.id}`;
    note.before = reset.before;
    // the temporary password is answered this once; the audit row masks it
    return { data: { username: reset.username, password: reset.password }, message: successMessages.done };
  });
  opsWriteRoute(app, c.resetOperatorTotp, ctx, async (input, { operator }, scoped, note) => {
    const reset = await resetOperatorTotp(scoped.db, operator, input.username, ctx.now());
    note.target = `operator:${reset.id}`;
    note.before = reset.before;
    return { data: await account(scoped, reset.id), message: successMessages.done };
  });
  route(app, c.operatorSessions, async (input) => ({ data: await listOperatorSessions(ctx.db, input.username, ctx.now()) }));
  opsWriteRoute(app, c.endOperatorSessions, ctx, async (input, { operator }, scoped, note) => {
    const result = await endOperatorSessions(scoped.db, operator, input, ctx.now());
    note.target = `operator:${result.id}`;
    return { data: { ended: result.ended }, message: successMessages.done };
  });
  opsWriteRoute(app, c.setOperatorCustomer, ctx, async (input, { operator }, scoped, note) => {
    const linked = await setOperatorCustomer(scoped.db, operator, input, ctx.now());
    note.target = `operator:${linked.id}`;
    return { data: await account(scoped, linked.id), message: successMessages.done };
  });

  // the operator's own steps: a few a minute is plenty, and a guesser of the current password gets no more
  opsWriteRoute(
    app,
    c.changeOwnPassword,
    ctx,
    async (input, { operator }, scoped, note) => {
      note.target = `operator:${operator.id}`;
      return { data: await changeOwnPassword(scoped.db, operator, input, ctx.now()), message: successMessages.done };
    },
    { perMinute: 10 * scale },
  );
  opsWriteRoute(
    app,
    c.startTotpEnrolment,
    ctx,
    async (_input, { operator }, scoped, note) => {
      note.target = `operator:${operator.id}`;
      return { data: await startTotpEnrolment(scoped.db, operator) };
    },
    { perMinute: 10 * scale },
  );
  opsWriteRoute(
    app,
    c.confirmTotp,
    ctx,
    async (input, { operator }, scoped, note) => {
      note.target = `operator:${operator.id}`;
      return { data: await confirmTotpEnrolment(scoped.db, operator, input.code, ctx.now()), message: successMessages.done };
    },
    { perMinute: 10 * scale },
  );
}
