/** A customer's starred products, kept on the server. */
/** The starred product ids, in the order they were starred. */
export type FavouriteIds = number[];

/** What the favourite paths answer, by path name (contract/paths.ts): the starred ids after the change. */
export interface FavouriteAnswers {
  favourites: FavouriteIds;
  setFavourite: FavouriteIds;
}
