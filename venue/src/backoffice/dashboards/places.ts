import type { HallRow } from '@plataforma/adapter';
import { PAGE_PATHS, type PageKey } from '../../shared/venuePages';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The venue's own name of each page (its pack's keys: the halls' names, the navigation bar's). */
const PAGE_NAME_KEYS: Readonly<Record<PageKey, string>> = {
  entrance: 'halls.names.entrance',
  gold: 'halls.names.gold',
  silver: 'halls.names.silver',
  bronze1: 'halls.names.bronze1',
  bronze2: 'halls.names.bronze2',
  congress1: 'halls.names.congress1',
  congress2: 'halls.names.congress2',
  amibEmCena: 'halls.names.amibEmCena',
  cbmi2021: 'halls.names.cbmi2021',
  helpDesk: 'halls.names.helpDesk',
  speakers: 'halls.names.speakers',
  rooms: 'halls.names.rooms',
  network: 'halls.names.network',
  programme: 'halls.nav.programme',
  speakerDirectory: 'dashboards.places.speakerDirectory',
  exhibitors: 'halls.nav.exhibitors',
};

const KEY_OF_PATH = new Map(Object.entries(PAGE_PATHS).map(([key, path]) => [path, key as PageKey]));

/**
 * A visited place as people call it (issue 56, decision 103): a room's or the event's name from
 * the server, a hall's as the venue names it, a room of no name known as 'Sala 17 (…)'; the path
 * only for an address the venue does not have.
 */
export const placeName = (row: Pick<HallRow, 'hall' | 'name'>, t: Translate): string => {
  if (row.name) return row.name;
  const path = row.hall.replace(/\/+$/, '');
  const key = KEY_OF_PATH.get(path);
  if (key) return t(PAGE_NAME_KEYS[key]);
  const room = /^(?:congresso\/)?salas\/(\d+)$/.exec(path);
  if (room) return t('dashboards.places.unknownRoom', { id: room[1] });
  return row.hall;
};
