/**
 * The names of the platform's pages, apart from the registry that lists them (`registry.ts`) so
 * the layouts it draws from can name a hall without importing the registry back. They live in
 * shared/ (the back office's dashboards read the addresses too).
 */
export { PAGE_PATHS, type HallKey, type PageKey, type ScreenKey } from '../../shared/venuePages';
