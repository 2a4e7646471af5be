import { readFile } from "node:fs/promises";
import { join } from "node:path";

import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import type { OpsRole } from "#contract/operators";
import { opsEndpoints } from "#contract/ops";

import { customersCsv, listCustomers } from "../modules/accounts/customer-list";
import { userDetail } from "../modules/accounts/customer-views";
import { acknowledgeAlert, listAlerts } from "../modules/alerts/service";
import { dashboard } from "../modules/dashboard/figures";
import { dashboardHistory } from "../modules/dashboard/history";
import { AppError } from "../modules/errors";
import { tellStreamsOperatorChanged } from "../modules/events/console-events";
import { moneySettings } from "../modules/money/settings";
import { auditCsv, listAudit, writeAudit } from "../modules/operators/audit";
import { ANONYMOUS_OPERATOR, createOperator, endOperatorSession, listOperators, redeemSetupCode } from "../modules/operators/service";
import { operatorLogin } from "../modules/operators/sign-in";
import { channelQr } from "../modules/recharge/channels";
import { findUpload, type UploadContext } from "../modules/recharge/uploads";
import { limitsOfCustomer } from "../modules/self-limits/service";
import { csvRoute } from "./csv-route";
import { registerLedgerRoutes } from "./ledger-routes";
import { registerOperatorRoutes } from "./ops-operators-routes";
import { clearSessionCookie, requireOwnOrigin, setSessionCookie } from "./ops-session";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";
import { uploadHeaders } from "./upload-headers";

/** Recharge screenshots are what finance reviews; support sees them when a customer asks. */
const SCREENSHOT_ROLES: readonly OpsRole[] = ["finance", "support"];
/** Deposit channels are finance's (contract/ops.ts listChannels). */
const CHANNEL_ROLES: readonly OpsRole[] = ["finance"];

export function registerConsoleRoutes(app: FastifyInstance, ctx: UploadContext, scale: number) {
  const c = opsEndpoints;
  route(
    app,
    c.operatorLogin,
    async (input, { request, reply }) => {
      // another site's page must not sign a browser in (to its own account) nor guess through it
      requireOwnOrigin(request);
      const at = ctx.now();
      const action = "POST /api/ops/login";
      try {
        const { token, operator, pending } = await operatorLogin(ctx, { ...input, address: request.ip });
        setSessionCookie(request, reply, token);
        await writeAudit(ctx.db, {
          operator,
          action,
          target: `operator:${operator.id}`,
          input,
          after: { ok: true, pending },
          ip: request.ip,
          at,
        });
        return { data: { username: operator.username, role: operator.role, pending }, message: successMessages.logged_in };
      } catch (error) {
        // refused sign-ins are kept too, so a guesser shows up in the log; nobody is proven yet, so the actor
        // is "anonymous" and the name tried is only part of the input (never an actor the log could be filtered
        // or mistaken for, such as "token")
        if (error instanceof AppError) {
          await writeAudit(ctx.db, {
            operator: ANONYMOUS_OPERATOR,
            action,
            target: "",
            input,
            after: { ok: false, refused: error.key },
            ip: request.ip,
            at,
          });
        }
        throw error;
      }
    },
    { perMinute: 20 * scale },
  );
  route(
    app,
    c.operatorSetup,
    async (input, { request }) => {
      requireOwnOrigin(request);
      const created = await redeemSetupCode(ctx, input);
      await writeAudit(ctx.db, {
        operator: { id: created.id, username: created.username },
        action: "POST /api/ops/setup",
        target: `operator:${created.id}`,
        input,
        after: { username: created.username, role: created.role },
        ip: request.ip,
        at: ctx.now(),
      });
      return { data: { username: created.username, role: created.role, otpauth: created.otpauth }, message: successMessages.added };
    },
    { perMinute: 10 * scale },
  );
  opsWriteRoute(app, c.operatorLogout, ctx, async (_input, { request, reply, operator }, scoped, note) => {
    note.target = operator.id === null ? "token" : `operator:${operator.id}`;
    const data = await endOperatorSession(scoped.db, operator);
    if (operator.id !== null) await tellStreamsOperatorChanged(scoped.db, operator.id, ctx.now());
    clearSessionCookie(request, reply);
    return { data, message: successMessages.logged_out };
  });
  route(app, c.operatorMe, async (_input, { operator }) => ({
    data: { id: operator.id, username: operator.username, role: operator.role, pending: operator.pending ?? null },
  }));
  route(app, c.listOperators, async () => ({ data: await listOperators(ctx) }));
  opsWriteRoute(app, c.addOperator, ctx, async (input, { operator }, scoped, note) => {
    // a person answers for every new operator: the machine token must not be a way to make an admin
    if (operator.id === null) throw new AppError("ops_person_required");
    note.target = `operator:${input.username}`;
    // the answer carries the password and the TOTP URI this once; the audit row keeps neither
    return { data: await createOperator(scoped.db, input, ctx.now()), message: successMessages.added };
  });
  registerOperatorRoutes(app, ctx, scale);
  route(app, c.auditLog, async (input) => ({ data: await listAudit(ctx, input) }));
  csvRoute(app, c.exportAudit, ctx, "audit", (input) => auditCsv(ctx, input));
  route(app, c.searchUsers, async (input) => ({ data: await listCustomers(ctx, input) }));
  csvRoute(app, c.exportUsers, ctx, "customers", (input) => customersCsv(ctx, input));
  registerLedgerRoutes(app, ctx);
  route(app, c.userDetail, async (input, { operator }) => ({ data: await userDetail(ctx, Number(input.id), operator.role) }));
  route(app, c.customerLimits, async (input) => ({ data: await limitsOfCustomer(ctx, Number(input.id)) }));
  route(app, c.dashboard, async () => ({ data: await dashboard(ctx, (await moneySettings(ctx.db)).timezone) }));
  route(app, c.dashboardHistory, async (input) => ({ data: await dashboardHistory(ctx, input.days) }));
  route(app, c.listAlerts, async (_input, { operator }) => ({ data: await listAlerts(ctx, operator.role) }));
  opsWriteRoute(app, c.acknowledgeAlert, ctx, async (input, { operator }, scoped, note) => {
    note.target = `alert:${input.id}`;
    return { data: await acknowledgeAlert(scoped.db, operator, input.id, ctx.now()), message: successMessages.done };
  });

  // a recharge screenshot for the signed-in operator (cookie) or the machine token; never public
  app.get<{ Params: { name: string } }>(
    "/api/ops/files/:name",
    { config: { auth: "ops", roles: SCREENSHOT_ROLES } },
    async (request, reply) => {
      const { name } = request.params;
      if (!/^[a-f0-9]{32}\.(png|jpg|webp)$/.test(name)) throw new AppError("not_found");
      const upload = await findUpload(ctx, name);
      if (!upload) throw new AppError("not_found");
      const bytes = await readFile(join(ctx.uploadsDir, name));
      return reply.headers(uploadHeaders(upload.mime, name)).send(bytes);
    },
  );

  // a deposit channel's QR for the console (customers get it inside their signed-in recharge page only)
  app.get<{ Params: { id: string } }>(
    "/api/ops/channel-qr/:id",
    { config: { auth: "ops", roles: CHANNEL_ROLES } },
    async (request, reply) => {
      const { id } = request.params;
      if (!/^\d{1,9}$/.test(id)) throw new AppError("not_found");
      const image = await channelQr(ctx, Number(id));
      if (!image) throw new AppError("not_found");
      return reply.headers({ ...uploadHeaders(image.mime, `channel-${id}.${image.ext}`), "cache-control": "no-store" }).send(image.bytes);
    },
  );
}
