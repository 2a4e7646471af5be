import { z } from "zod";

import { COORD_PATTERN, isLatitude, isLongitude } from "../location";
import { requiredOrInvalid, requiredText } from "./fields";

/** A coordinate in decimal degrees, within the range `inRange` allows. */
const coordinate = (inRange: (value: number) => boolean) =>
  z
    .string({ error: requiredOrInvalid })
    .regex(COORD_PATTERN, { error: "invalid_input" })
    .transform(Number)
    .refine(inRange, { error: "invalid_input" });

/** operator: the company's office the company page shows */
export const officeRequest = z.object({
  name: requiredText(),
  address: requiredText(),
  lat: coordinate(isLatitude),
  lng: coordinate(isLongitude),
});
