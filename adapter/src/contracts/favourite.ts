import type { z } from 'zod';
import { markSchemas } from './common';

export { favouritePaths } from './paths';

const favourites = markSchemas('standId', 'standIds', 'favourite');

/** POST /clients/me/favourites: the stand to mark (marking it again changes nothing). */
export const favouriteAddSchema = favourites.add;
export type FavouriteAddInput = z.infer<typeof favouriteAddSchema>;

/** GET /clients/me/favourites?eventId=: the ids of the client's favourite stands of that event. */
export const favouritesSchema = favourites.list;
export type Favourites = z.infer<typeof favouritesSchema>;

/** What a mark or an unmark answers: the stand and whether it is a favourite now. */
export const favouriteMarkSchema = favourites.mark;
export type FavouriteMark = z.infer<typeof favouriteMarkSchema>;
