import { z } from "zod";

import { idField } from "./trading";

/** Request schemas of the favourites endpoints: a customer's starred products, kept on the server. */
const required = (issue: { input: unknown }) => (issue.input === undefined ? "field_required" : "invalid_input");

/** Star (on=1) or unstar (on=0) one product. Setting a state, not toggling: a repeat changes nothing. */
export const favouriteRequest = z.object({
  pid: idField(),
  on: z.enum(["0", "1"], { error: required }).transform((value) => value === "1"),
});

/** The starred product ids, in the order they were starred. */
export type FavouriteIds = number[];
