/** A customer's starred products, kept on the server. */
/** The starred product ids, in the order they were starred. */
export type FavouriteIds = number[];
