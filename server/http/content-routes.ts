import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import { contentItem, languageBefore, listContentItems, publicationOf, setPublished } from "../modules/content/ops-content";
import { activityCentre, contentDetail, homeData, listContent, publishContent, signIn } from "../modules/content/service";
import type { ServiceContext } from "../modules/context";
import { requestLanguage } from "./envelope";
import { opsWriteRoute } from "./ops-write-route";
import { onceRoute, route } from "./routes";

export function registerContentRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  route(app, endpoints.home, async (_input, { request }) => ({ data: await homeData(ctx, requestLanguage(request)) }));
  route(app, endpoints.banners, async (_input, { request }) => ({
    data: (await listContent(ctx, "banner", requestLanguage(request))).items,
  }));
  route(app, endpoints.notices, async (_input, { request }) => ({
    data: (await listContent(ctx, "notice", requestLanguage(request))).items,
  }));
  route(app, endpoints.contentList, async (input, { request }) => ({
    data: await listContent(ctx, input.kind, requestLanguage(request), input.page),
  }));
  route(app, endpoints.contentDetail, async (input, { request }) => ({
    data: await contentDetail(ctx, input.id, requestLanguage(request), ["news", "company", "notice", "banner"]),
  }));
  route(app, endpoints.activityDetail, async (input, { request }) => ({
    data: await contentDetail(ctx, input.id, requestLanguage(request), ["activity"]),
  }));
  route(app, endpoints.activities, async (_input, { request, maybeUser }) => ({
    data: await activityCentre(ctx, requestLanguage(request), maybeUser),
  }));
  // the sign-in bonus moves money: limited like every money action
  onceRoute(app, endpoints.signin, ctx, async (_input, { user }, scoped) => ({ data: await signIn(scoped, user), message: "signed_in" }), {
    perMinute: 30 * scale,
  });
  const o = opsEndpoints;
  opsWriteRoute(app, o.publishContent, ctx, async (input, _context, scoped, note) => {
    note.target = `content:${input.item}:${input.lang}`;
    note.before = await languageBefore(scoped, input.item, input.lang);
    return { data: await publishContent(scoped, input), message: successMessages.done };
  });
  route(app, o.listContentItems, async (input) => ({ data: await listContentItems(ctx, input) }));
  route(app, o.contentItem, async (input) => ({ data: await contentItem(ctx, input.item) }));
  opsWriteRoute(app, o.setContentPublished, ctx, async (input, _context, scoped, note) => {
    note.target = input.lang ? `content:${input.item}:${input.lang}` : `content:${input.item}`;
    note.before = { item: input.item, languages: await publicationOf(scoped, input.item) };
    return { data: await setPublished(scoped, input), message: successMessages.done };
  });
}
