import { readFile } from "node:fs/promises";
import { join } from "node:path";

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import { authenticate } from "../modules/accounts/sessions";
import { sameSecret } from "../modules/accounts/tokens";
import { withPageSignals, withRechargeSignals } from "../modules/customers/fraud-signals";
import { AppError } from "../modules/errors";
import { describeChannel, findChannel, listChannelsForOps, setChannel } from "../modules/recharge/channels";
import { listRecharges, rechargesCsv, reviewRecharge } from "../modules/recharge/review";
import { rechargeInfo, rechargeRecords, submitRecharge } from "../modules/recharge/service";
import { findUpload, saveUpload, type UploadContext } from "../modules/recharge/uploads";
import { csvRoute } from "./csv-route";
import { languageOf, sendOk } from "./envelope";
import { translate } from "./i18n";
import { moneyLimits } from "./money-limits";
import { personOf } from "./ops-session";
import { opsWriteRoute } from "./ops-write-route";
import { refuseUntilPasswordChanged } from "./password-change-guard";
import { onceRoute, route } from "./routes";
import { uploadHeaders } from "./upload-headers";

const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** room for the multipart boundaries and part headers around the file itself */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/**
 * A body announced larger than any acceptable upload is refused from its header alone: waiting for megabytes
 * only to throw them away costs the phone its data and the server a connection. The connection closes after
 * the answer so the unread body is never drained either. A body that lies about its length is still cut
 * off by the multipart limit while it is read.
 */
async function refuseAnnouncedOversize(request: FastifyRequest, reply: FastifyReply) {
  const announced = Number(request.headers["content-length"]);
  if (Number.isFinite(announced) && announced > UPLOAD_MAX_BYTES + UPLOAD_OVERHEAD_BYTES) {
    reply.header("connection", "close");
    throw new AppError("request_too_large");
  }
}
export function registerRechargeRoutes(app: FastifyInstance, ctx: UploadContext, opsToken: string | undefined, scale: number) {
  const limits = moneyLimits(scale);
  route(app, endpoints.rechargeInfo, async (_input, { request }) => ({ data: await rechargeInfo(ctx, languageOf(request)) }));
  onceRoute(
    app,
    endpoints.recharge,
    ctx,
    async (input, { user, request }, scoped) => ({
      data: await submitRecharge(scoped, user, input, languageOf(request)),
      message: "recharge_submitted",
    }),
    limits.money,
  );
  route(app, endpoints.rechargeRecords, async (input, { user, request }) => ({
    data: await rechargeRecords(ctx, user, input.page, languageOf(request)),
  }));

  // multipart upload: the bytes decide what the file is (image-check.ts), never its name or declared type
  app.post(
    "/api/user/uploadfile",
    {
      config: { auth: "user", rateLimit: { max: Math.max(1, Math.round(20 * scale)), timeWindow: "1 minute" } },
      preParsing: refuseAnnouncedOversize,
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError("upload_invalid");
      let bytes: Buffer;
      let truncated: boolean;
      try {
        const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
        if (!file) throw new AppError("field_required", {}, "screenshot");
        bytes = await file.toBuffer();
        truncated = file.file.truncated;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("upload_too_large");
        // a body cut short, no boundary, a broken part header: the parser could not read it
        throw new AppError("malformed_request", {}, "request");
      }
      if (truncated) throw new AppError("upload_too_large");
      return sendOk(request, reply, await saveUpload(ctx, request.user!, bytes), successMessages.uploaded);
    },
  );

  // uploaded files: only to their owner or the machine token (the console reads them under /api/ops/files), never sniffed as anything but the image they are
  app.get<{ Params: { name: string } }>("/api/files/:name", async (request, reply) => {
    const { name } = request.params;
    if (!/^[a-f0-9]{32}\.(png|jpg|webp)$/.test(name)) throw new AppError("not_found");
    const upload = await findUpload(ctx, name);
    if (!upload) throw new AppError("not_found");
    const token = request.headers.token;
    const user = typeof token === "string" ? await authenticate(ctx, token) : null;
    const isOperator = sameSecret(request.headers["ops-token"], opsToken ?? "");
    // without a session: log in; with someone else's: the file does not exist for them (its name is not confirmed)
    if (!isOperator && !user) throw new AppError("login_required");
    if (!isOperator && user?.id !== upload.userId) throw new AppError("not_found");
    if (!isOperator) refuseUntilPasswordChanged(request.routeOptions.url ?? "", user!.mustChangePassword);
    const bytes = await readFile(join(ctx.uploadsDir, name));
    return reply.headers(uploadHeaders(upload.mime, name)).send(bytes);
  });

  const o = opsEndpoints;
  route(app, o.listRecharges, async (input) => ({
    data: await withPageSignals(await listRecharges(ctx, input), (rows) => withRechargeSignals(ctx.db, rows)),
  }));
  csvRoute(app, o.exportRecharges, ctx, "recharges", (input) => rechargesCsv(ctx, input));
  opsWriteRoute(app, o.reviewRecharge, ctx, async (input, { operator }, scoped, note) => {
    note.target = `recharge:${input.id}`;
    note.before = { status: "review" };
    return {
      data: await reviewRecharge(scoped, Number(input.id), input.decision, input.reason, translate, personOf(operator).key),
      message: successMessages.done,
    };
  });
  opsWriteRoute(app, o.setChannel, ctx, async (input, _context, scoped, note) => {
    note.target = input.id ? `channel:${input.id}` : "channel:new";
    const before = input.id ? await findChannel(scoped, Number(input.id)) : null;
    if (before) note.before = describeChannel(before);
    return { data: describeChannel((await setChannel(scoped, input))!), message: successMessages.done };
  });
  route(app, o.listChannels, async () => ({ data: await listChannelsForOps(ctx) }));
}
