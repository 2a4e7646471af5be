import { eq } from "drizzle-orm";

import { LANGUAGE_CODES } from "#contract/languages";
import { type PlatformInfo } from "#contract/support";

import { settings } from "../../db/schema";
import type { ServiceContext } from "../context";
import { office } from "./office";

/** Support channels shown on the customer service page; the operator may change them in settings. */
export async function platformInfo(ctx: ServiceContext): Promise<PlatformInfo> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, "platform_info"));
  const stored = row ? (JSON.parse(row.value) as Partial<PlatformInfo>) : {};
  return {
    name: stored.name ?? "TradePWA",
    about: stored.about ?? "TradePWA is a demonstration trading platform. Prices come from a simulated feed.",
    support: stored.support ?? [
      { type: "email", label: "Email", value: "support@tradepwa.example" },
      { type: "telegram", label: "Telegram", value: "@tradepwa_support" },
      { type: "whatsapp", label: "WhatsApp", value: "+852 5555 0100" },
    ],
    hours: stored.hours ?? "09:00-21:00",
    languages: [...LANGUAGE_CODES],
    office: await office(ctx),
  };
}
