import { z } from "zod";

import { idField, requiredOrInvalid } from "./fields";

/** Request schema of the favourites endpoint. */

/** Star (on=1) or unstar (on=0) one product. Setting a state, not toggling: a repeat changes nothing. */
export const favouriteRequest = z.object({
  pid: idField(),
  on: z.enum(["0", "1"], { error: requiredOrInvalid }).transform((value) => value === "1"),
});
