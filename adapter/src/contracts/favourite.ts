import { z } from 'zod';
import { idSchema } from './common';

export { favouritePaths } from './paths';

/** POST /clients/me/favourites: the stand to mark (marking it again changes nothing). */
export const favouriteAddSchema = z.object({ standId: idSchema });
export type FavouriteAddInput = z.infer<typeof favouriteAddSchema>;

/** GET /clients/me/favourites?eventId=: the ids of the client's favourite stands of that event. */
export const favouritesSchema = z.object({ standIds: z.array(idSchema) });
export type Favourites = z.infer<typeof favouritesSchema>;

/** What a mark or an unmark answers: the stand and whether it is a favourite now. */
export const favouriteMarkSchema = z.object({ standId: idSchema, favourite: z.boolean() });
export type FavouriteMark = z.infer<typeof favouriteMarkSchema>;
