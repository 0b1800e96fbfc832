import type { RouteObject } from 'react-router-dom';

/** The halls a signed-in client walks (SPEC §2.4); filled in by the halls work. */
export const protectedHallRoutes: RouteObject[] = [];
