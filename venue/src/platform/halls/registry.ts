import type { Event, Room, Sponsor, Stand } from '@plataforma/adapter';
import {
  antechamberLayout,
  CONGRESS_ROOMS,
  congressLayout,
  entranceLayout,
  standHallLayout,
  type HallItem,
  type LayoutContext,
  type LiveRooms,
  type Translate,
} from './layouts';

import { PAGE_PATHS, type HallKey, type PageKey, type ScreenKey } from './keys';

export type { HallKey, PageKey, ScreenKey } from './keys';

/** What a hall's layout is drawn from: the event and the lists the hall asked for (empty when it did not). */
export interface HallData {
  event: Event;
  stands: readonly Stand[];
  sponsors: readonly Sponsor[];
  rooms: readonly Room[];
  /** The lecture on now in each room (empty unless the hall asked for the programme). */
  live: LiveRooms;
}

/** The API data a hall needs besides the event: only these queries run for it. */
export interface HallNeeds {
  stands?: boolean;
  sponsors?: boolean;
  /** A window of the event's rooms (SPEC §9). */
  rooms?: { offset: number; limit: number };
  /** The event's programme, for what is on now (the doors' 'AO VIVO', the entrance's 'Ao vivo agora'); the hall never waits for it. */
  lectures?: boolean;
}

export interface HallEntry {
  /** Below /plataforma/{slug}/. */
  path: string;
  /** Open to every visitor, with the soft login over it while no client is signed in; the other halls need a client. */
  open?: boolean;
  /** The event's name, days and hours are written on the wall. */
  caption?: boolean;
  needs: HallNeeds;
  /** The hall's parts: the scene and its map draw the same list. */
  layout: (data: HallData, context: LayoutContext) => HallItem[];
  /** The next hall of the chain (the navigation bar's 'Próximo hall'); the previous one is derived. */
  next?: HallKey;
  /** The navigation bar offers the hall's map. */
  map?: boolean;
  /** Lists what is on now across the rooms ('Ao vivo agora', over the scene). */
  liveNow?: boolean;
}

/**
 * The one list of halls: routes, the next-hall chain, the navigation bar's next/map buttons and
 * the doors' targets are derived from it. A new hall is a layout function and one entry here.
 */
export const HALLS: Readonly<Record<HallKey, HallEntry>> = {
  entrance: {
    path: PAGE_PATHS.entrance,
    open: true,
    caption: true,
    map: true,
    liveNow: true,
    needs: { sponsors: true, lectures: true },
    layout: ({ event, sponsors }, context) =>
      entranceLayout(
        sponsors,
        event.image ?? event.banner,
        event.name,
        context,
        event.image ? event.imageSources : event.bannerSources,
        event.venue,
      ),
  },
  gold: {
    path: PAGE_PATHS.gold,
    next: 'silver',
    map: true,
    needs: { stands: true },
    layout: ({ event, stands }, context) => standHallLayout('gold', stands, event.venue, context),
  },
  silver: {
    path: PAGE_PATHS.silver,
    next: 'bronze1',
    map: true,
    needs: { stands: true },
    layout: ({ event, stands }, context) => standHallLayout('silver', stands, event.venue, context),
  },
  bronze1: {
    path: PAGE_PATHS.bronze1,
    next: 'bronze2',
    map: true,
    needs: { stands: true },
    layout: ({ event, stands }, context) => standHallLayout('bronze1', stands, event.venue, context),
  },
  bronze2: {
    path: PAGE_PATHS.bronze2,
    map: true,
    needs: { stands: true },
    layout: ({ event, stands }, context) => standHallLayout('bronze2', stands, event.venue, context),
  },
  congress1: {
    path: PAGE_PATHS.congress1,
    next: 'congress2',
    needs: { rooms: CONGRESS_ROOMS.congress1, lectures: true },
    layout: ({ event, rooms, live }, context) => congressLayout('congress1', rooms, context, live, event.venue),
  },
  congress2: {
    path: PAGE_PATHS.congress2,
    needs: { rooms: CONGRESS_ROOMS.congress2, lectures: true },
    layout: ({ event, rooms, live }, context) => congressLayout('congress2', rooms, context, live, event.venue),
  },
  amibEmCena: {
    path: PAGE_PATHS.amibEmCena,
    needs: { rooms: CONGRESS_ROOMS.amibEmCena, lectures: true },
    layout: ({ event, rooms, live }, context) => congressLayout('amibEmCena', rooms, context, live, event.venue),
  },
  cbmi2021: { path: PAGE_PATHS.cbmi2021, needs: {}, layout: ({ event }, context) => antechamberLayout('cbmi2021', event.venue, context) },
  helpDesk: { path: PAGE_PATHS.helpDesk, needs: {}, layout: ({ event }, context) => antechamberLayout('helpDesk', event.venue, context) },
  speakers: { path: PAGE_PATHS.speakers, needs: {}, layout: ({ event }, context) => antechamberLayout('speakers', event.venue, context) },
};

/** The HTML screens' addresses (hall-salas, sala-network, the event's Programação, its speakers' and its exhibitors' directories). */
export const SCREENS: Readonly<Record<ScreenKey, { path: string }>> = {
  rooms: { path: PAGE_PATHS.rooms },
  network: { path: PAGE_PATHS.network },
  programme: { path: PAGE_PATHS.programme },
  speakerDirectory: { path: PAGE_PATHS.speakerDirectory },
  exhibitors: { path: PAGE_PATHS.exhibitors },
};

export const HALL_KEYS = Object.keys(HALLS) as HallKey[];

const PAGE_KEYS: readonly PageKey[] = [...HALL_KEYS, ...(Object.keys(SCREENS) as ScreenKey[])];

const isHall = (key: PageKey): key is HallKey => key in HALLS;

const pathOfPage = (key: PageKey): string => (isHall(key) ? HALLS[key].path : SCREENS[key].path);

/** The next-hall chain: gold → prata → bronze/1 → bronze/2; congresso/1 → congresso/2. */
export const NEXT_HALL: Readonly<Partial<Record<PageKey, HallKey>>> = Object.fromEntries(
  HALL_KEYS.flatMap((key) => (HALLS[key].next ? [[key, HALLS[key].next]] : [])),
);

/** The hall whose next is this one, if any. */
export const previousHall = (key: HallKey): HallKey | undefined => HALL_KEYS.find((other) => HALLS[other].next === key);

/** Halls with a map (hall-entrada, gold, prata, bronze/1, bronze/2). */
export const MAPPED: readonly HallKey[] = HALL_KEYS.filter((key) => HALLS[key].map);

export const isMapped = (key: PageKey | null): key is HallKey => key !== null && (MAPPED as readonly PageKey[]).includes(key);

/** Builds the address of a platform page of the event in the current slug. */
export const pagePath = (slug: string, key: PageKey): string => `/plataforma/${slug}/${pathOfPage(key)}`;

/** Which page a pathname is, if it is one of the halls or screens. */
export const pageOf = (pathname: string): PageKey | null => {
  const rest = pathname.split('/').slice(3).join('/').replace(/\/+$/, '');
  return PAGE_KEYS.find((key) => pathOfPage(key) === rest) ?? null;
};

/** What a hall's layout needs to know of where it stands: the slug, the texts, the pages' addresses and its neighbours. */
export const hallContext = (key: HallKey, slug: string, t: Translate): LayoutContext => ({
  slug,
  t,
  pathOf: (page) => pagePath(slug, page),
  next: HALLS[key].next,
  previous: previousHall(key),
});
