import { eq } from "drizzle-orm";

import { type OfficePlace, roundCoord } from "#contract/location";

import { settings } from "../../db/schema";
import type { ServiceContext } from "../context";

const KEY = "office";

/** Until the operator sets one (`npm run ops -- office …`): the demo platform's office. */
const DEFAULT_OFFICE: OfficePlace = {
  name: "TradePWA office",
  address: "1 Harbour Road, Wan Chai, Hong Kong",
  coords: { lat: 22.281, lng: 114.173 },
};

/** The company's office the company page links to open-location: one JSON document in the settings table. */
export async function office(ctx: Pick<ServiceContext, "db">): Promise<OfficePlace> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return row ? { ...DEFAULT_OFFICE, ...(JSON.parse(row.value) as Partial<OfficePlace>) } : DEFAULT_OFFICE;
}

/** The schema has checked the text lengths and the coordinates' ranges. */
export async function setOffice(
  ctx: Pick<ServiceContext, "db">,
  input: { name: string; address: string; lat: number; lng: number },
): Promise<OfficePlace> {
  const next: OfficePlace = {
    name: input.name,
    address: input.address,
    coords: { lat: roundCoord(input.lat), lng: roundCoord(input.lng) },
  };
  const value = JSON.stringify(next);
  await ctx.db.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return next;
}
