import { z } from "zod";

import { idField } from "./fields";

/** The dashboard's history: the last 7, 30 or 90 UTC days (7 when not given). */
export const dashboardHistoryRequest = z.object({
  days: z
    .enum(["7", "30", "90"], { error: "invalid_input" })
    .default("7")
    .transform((days) => Number(days) as 7 | 30 | 90),
});

/** An operator acknowledges one alert: they have seen it and answer for it. */
export const acknowledgeAlertRequest = z.object({ id: idField() });
