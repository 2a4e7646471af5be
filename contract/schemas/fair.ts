import { z } from "zod";

import { FAIR_RANGE_MAX_SECONDS, FAIR_VOIDS_MAX_SECONDS } from "../fair";
import { idField } from "./fields";

const unixField = () =>
  z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,10}$/, { error: "invalid_input" })
    .transform(Number);

/** A window in unix seconds, `from` ≤ `to`, at most FAIR_RANGE_MAX_SECONDS wide. */
export const fairRangeRequest = z
  .object({ from: unixField(), to: unixField() })
  .refine((range) => range.from <= range.to && range.to - range.from <= FAIR_RANGE_MAX_SECONDS, { error: "invalid_input", path: ["to"] });

/** One product's heads in a window (the last hour up to `to`, or up to now, when not given). */
export const fairHeadsRequest = z
  .object({ pid: idField(), from: unixField().optional(), to: unixField().optional() })
  .refine(
    (range) =>
      range.from === undefined || range.to === undefined || (range.from <= range.to && range.to - range.from <= FAIR_RANGE_MAX_SECONDS),
    {
      error: "invalid_input",
      path: ["to"],
    },
  );

/** Days of void counts: a window of at most FAIR_VOIDS_MAX_SECONDS. */
export const fairVoidsRequest = z
  .object({ from: unixField(), to: unixField() })
  .refine((range) => range.from <= range.to && range.to - range.from <= FAIR_VOIDS_MAX_SECONDS, { error: "invalid_input", path: ["to"] });

/** One product's recorded ticks of one minute, named by any second of it (unix seconds). */
export const fairTicksRequest = z.object({ pid: idField(), start: unixField() });
