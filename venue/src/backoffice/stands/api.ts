import { standPaths, type Stand } from '@plataforma/adapter';
import { resourceApi } from '../resource';

/** The stands the signed-in attendant is assigned to (the server filters them). */
const stands = resourceApi<Stand>(standPaths.cms);

export const standKeys = stands.keys;
export const standsListQuery = stands.listQuery;
