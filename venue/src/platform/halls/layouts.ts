import { STAND_TIER_KEY } from '@plataforma/adapter/constants';
import { standPagePath } from '@plataforma/adapter/routes';
import type { ImageSource, Room, Sponsor, Stand, VenueLinks } from '@plataforma/adapter';
import type { HallKey, PageKey } from './keys';
import { BOOTH_SIZE, DOOR_SIZE, WALL_BASE, type ScreenIcon, type Tier } from './geometry';

/** What a part of a hall does when used. */
export type Target =
  { to: string; state?: { eventName?: string } } | { href: string } | { action: 'welcomeVideo' | 'congressVideo' | 'contact' } | null;

interface Base {
  key: string;
  /** The accessible name. */
  label: string;
  target: Target;
}

export type HallItem =
  /** `plate`: the text on the booth's counter (its tier's name, or that the place is free). */
  | (Base & { kind: 'booth'; tier: Tier; x: number; y: number; scale: number; stand: Stand | null; plate: string })
  /** `live`: the lecture on now behind a congress room's door (its title and the 'AO VIVO' mark, in the visitor's language). */
  | (Base & { kind: 'door'; x: number; y: number; scale: number; sign: string; live?: { title: string; mark: string } })
  | (Base & { kind: 'screen'; x: number; y: number; width: number; height: number; caption: string; icon: ScreenIcon; stand?: boolean })
  | (Base & { kind: 'totem'; x: number; y: number; scale: number; sponsor: Sponsor; plate: string })
  | (Base & { kind: 'desk'; x: number; y: number; width: number; sign: string })
  | (Base & { kind: 'arrow'; x: number; y: number; text: string; direction: 'left' | 'right' })
  | (Base & {
      kind: 'banner';
      x: number;
      y: number;
      width: number;
      height: number;
      image: string | null;
      /** The image's sizes (the API's `imageSources`), to draw a format that fits the screen. */
      sources?: readonly ImageSource[];
    })
  | (Base & { kind: 'lounge'; x: number; y: number });

export type DoorItem = Extract<HallItem, { kind: 'door' }>;

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The lecture on now in each room, by room id (`liveByRoom` of the adapter's schedule; empty when nothing is on). */
export type LiveRooms = ReadonlyMap<number, { name: string }>;

/** The lecture screen of a room (salas/{roomId}): where a congress room's door and the entrance's 'Ao vivo agora' lead. */
export const roomScreenPath = (slug: string, roomId: number): string => `/plataforma/${slug}/salas/${roomId}`;

/** Where a hall stands: the event's slug, the texts, the pages' addresses and its neighbours in the chain (from the registry). */
export interface LayoutContext {
  slug: string;
  t: Translate;
  pathOf: (page: PageKey) => string;
  next?: HallKey;
  previous?: HallKey;
}

/** How many booths each stand hall has, which tier fills it and from which place of that tier. */
export const STAND_SLOTS: Record<
  'gold' | 'silver' | 'bronze1' | 'bronze2',
  { tier: Tier; type: Stand['type']; from: number; count: number }
> = {
  gold: { tier: 'gold', type: 'master', from: 0, count: 4 },
  silver: { tier: 'silver', type: 'silver', from: 0, count: 6 },
  bronze1: { tier: 'bronze', type: 'bronze', from: 0, count: 4 },
  bronze2: { tier: 'bronze', type: 'bronze', from: 4, count: 5 },
};

export type StandHallKey = keyof typeof STAND_SLOTS;

/**
 * The stands of a hall: the tier's stands in position order, from the hall's first place, left to
 * right. A hall its tier does not fill has them in the middle of the row, the free places at both
 * ends: a sparse hall on a phone opened (centred) on empty booths with its only stand three pans
 * to the left (issue 56, item 5).
 */
export const standsOfHall = (page: StandHallKey, stands: readonly Stand[]): Array<Stand | null> => {
  const slots = STAND_SLOTS[page];
  const ofTier = stands.filter((stand) => stand.type === slots.type).slice(slots.from, slots.from + slots.count);
  const first = Math.floor((slots.count - ofTier.length) / 2);
  return Array.from({ length: slots.count }, (_, i) => ofTier[i - first] ?? null);
};

const link = (url: string | null | undefined): Target => (url ? { href: url } : null);

/** A row of booths centred on the floor. */
const boothRow = (
  page: StandHallKey,
  stands: Array<Stand | null>,
  { slug, t }: LayoutContext,
  y: number,
  scale: number,
  gap: number,
): HallItem[] => {
  const { tier, type } = STAND_SLOTS[page];
  const width = BOOTH_SIZE[tier].width * scale;
  const total = stands.length * width + (stands.length - 1) * gap;
  const start = (1920 - total) / 2;
  return stands.map((stand, i) => ({
    kind: 'booth',
    key: `booth-${i}`,
    tier,
    x: start + i * (width + gap),
    y,
    scale,
    stand,
    plate: stand ? t(STAND_TIER_KEY[type]) : t('halls.emptyBoothPlate'),
    label: stand ? t('halls.booth', { name: stand.name }) : t('halls.emptyBooth'),
    target: stand ? { to: standPagePath(slug, stand) } : null,
  }));
};

const door = (key: string, x: number, sign: string, label: string, target: Target, scale = 0.78, y = WALL_BASE): DoorItem => ({
  kind: 'door',
  key,
  x,
  y,
  scale,
  sign,
  label,
  target,
});

const hallName = (t: Translate, page: PageKey) => t(`halls.names.${page}`);
const toHall = (context: LayoutContext, page: PageKey): Target => ({ to: context.pathOf(page) });
const doorTo = (t: Translate, page: PageKey) => t('halls.doorTo', { hall: hallName(t, page) });
/** A door of the chain: its sign names the hall it leads to. */
const chainDoor = (key: string, x: number, context: LayoutContext, page: PageKey): HallItem =>
  door(key, x, hallName(context.t, page), doorTo(context.t, page), toHall(context, page));

/**
 * gold, prata, bronze/1, bronze/2 (SPEC §2.4): booths, the doors of the chain and the hall's
 * outside link. The left door leads to the previous hall (gold's, with none, to congresso/1);
 * the right one to the next hall (bronze/2's, the last, back to hall-entrada).
 */
export const standHallLayout = (page: StandHallKey, stands: readonly Stand[], venue: VenueLinks, context: LayoutContext): HallItem[] => {
  const { t } = context;
  const row = standsOfHall(page, stands);
  const leftX = 40;
  const rightX = 1920 - 40 - DOOR_SIZE.width * 0.78;
  const doors = [
    chainDoor('door-left', leftX, context, context.previous ?? 'congress1'),
    chainDoor('door-right', rightX, context, context.next ?? 'entrance'),
  ];
  const wallScreen = (key: string, caption: string, label: string, target: Target, icon: ScreenIcon): HallItem => ({
    kind: 'screen',
    key,
    x: 790,
    y: 120,
    width: 340,
    height: 200,
    caption,
    label,
    target,
    icon,
  });
  // A wall screen the event gave no link is not drawn (issue 56, item 4: no demo leftovers in a new event).
  const linked = (url: string | null, draw: (target: Target) => HallItem): HallItem[] => (url ? [draw(link(url))] : []);
  switch (page) {
    case 'gold':
      return [
        ...doors,
        ...linked(venue.goldMeetingLink, (target) =>
          wallScreen('meeting', t('halls.meetingRoom'), t('halls.meetingLink'), target, 'people'),
        ),
        ...boothRow(page, row, context, 900, 0.8, 64),
      ];
    case 'silver':
      return [
        ...doors,
        ...linked(venue.silverMeetingLink, (target) =>
          wallScreen('meeting', t('halls.meetingRoom'), t('halls.meetingLink'), target, 'people'),
        ),
        ...boothRow(page, row, context, 880, 0.66, 30),
      ];
    case 'bronze1':
      return [
        ...doors,
        ...linked(venue.posterSiteLink, (target) => wallScreen('posters', t('halls.posters'), t('halls.postersLink'), target, 'document')),
        ...boothRow(page, row, context, 880, 0.82, 60),
      ];
    case 'bronze2':
      return [
        ...doors,
        wallScreen('amib', t('halls.names.amibEmCena'), doorTo(t, 'amibEmCena'), toHall(context, 'amibEmCena'), 'rooms'),
        ...boothRow(page, row, context, 880, 0.74, 40),
      ];
  }
};

/**
 * hall-entrada: the event's banner, the welcome video, doors to the halls, sponsors, help desk,
 * speakers. `bannerSources` are the banner's sizes, when the API sent them.
 */
export const entranceLayout = (
  sponsors: readonly Sponsor[],
  banner: string | null,
  eventName: string,
  context: LayoutContext,
  bannerSources?: readonly ImageSource[],
  venue?: VenueLinks,
): HallItem[] => {
  const { t } = context;
  // Issue 56, item 4: the welcome video's screen only when the event has one; the antechamber's only
  // when it has something to show (its messaging link or information PDF). Without `venue`, both.
  const hasWelcome = !venue || Boolean(venue.welcomeVideo);
  const hasAntechamber = !venue || Boolean(venue.messagingLink || venue.infoPdf);
  const shown = sponsors.slice(0, 4);
  const totemPlaces = [470, 650, 1130, 1310];
  return [
    {
      kind: 'banner',
      key: 'banner',
      x: 660,
      y: 110,
      width: 600,
      height: 156,
      image: banner,
      sources: bannerSources,
      label: t('platform.bannerAlt', { name: eventName }),
      target: null,
    },
    ...(hasWelcome
      ? ([
          {
            kind: 'screen',
            key: 'welcome',
            x: 170,
            y: 96,
            width: 340,
            height: 190,
            caption: t('halls.welcomeVideo'),
            label: t('halls.welcomeVideoOpen'),
            target: { action: 'welcomeVideo' },
            icon: 'play',
          },
        ] satisfies HallItem[])
      : []),
    ...(hasAntechamber
      ? ([
          {
            kind: 'screen',
            key: 'cbmi',
            x: 1410,
            y: 96,
            width: 340,
            height: 190,
            caption: t('halls.names.cbmi2021'),
            label: doorTo(t, 'cbmi2021'),
            target: toHall(context, 'cbmi2021'),
            icon: 'calendar',
          },
        ] satisfies HallItem[])
      : []),
    door('door-congress', 60, t('halls.names.congress1'), doorTo(t, 'congress1'), toHall(context, 'congress1'), 0.74),
    door('door-rooms', 300, t('halls.names.rooms'), doorTo(t, 'rooms'), toHall(context, 'rooms'), 0.6),
    door(
      'door-network',
      1500,
      t('halls.names.network'),
      doorTo(t, 'network'),
      { to: context.pathOf('network'), state: { eventName } },
      0.6,
    ),
    door('door-gold', 1712, t('halls.names.gold'), doorTo(t, 'gold'), toHall(context, 'gold'), 0.74),
    ...shown.map<HallItem>((sponsor, i) => ({
      kind: 'totem',
      key: `sponsor-${sponsor.id}`,
      x: totemPlaces[i],
      y: 720,
      scale: 0.72,
      sponsor,
      plate: t('halls.sponsorPlate'),
      label: sponsor.link ? t('halls.sponsorLink', { name: sponsor.name }) : t('halls.sponsor', { name: sponsor.name }),
      target: link(sponsor.link),
    })),
    {
      kind: 'screen',
      key: 'speakers',
      x: 150,
      y: 640,
      width: 300,
      height: 170,
      caption: t('halls.names.speakers'),
      label: doorTo(t, 'speakers'),
      target: toHall(context, 'speakers'),
      icon: 'people',
      stand: true,
    },
    {
      kind: 'desk',
      key: 'help',
      x: 760,
      y: 950,
      width: 400,
      sign: t('halls.names.helpDesk'),
      label: doorTo(t, 'helpDesk'),
      target: toHall(context, 'helpDesk'),
    },
  ];
};

/** The congress halls' windows of rooms (SPEC §9): congresso/1 0/5, congresso/2 5/6, amib-em-cena 11/5. */
export const CONGRESS_ROOMS: Record<'congress1' | 'congress2' | 'amibEmCena', { offset: number; limit: number }> = {
  congress1: { offset: 0, limit: 5 },
  congress2: { offset: 5, limit: 6 },
  amibEmCena: { offset: 11, limit: 5 },
};

export type CongressKey = keyof typeof CONGRESS_ROOMS;

/**
 * Room doors along the back wall; a place without a room is a closed door, not a link. A room
 * with a lecture on now (`live`) shows its title and the 'AO VIVO' mark, and says so in its name.
 */
export const congressLayout = (
  page: CongressKey,
  rooms: readonly Room[],
  context: LayoutContext,
  live?: LiveRooms,
  venue?: VenueLinks,
): HallItem[] => {
  const { slug, t } = context;
  const { offset, limit } = CONGRESS_ROOMS[page];
  const scale = limit === 6 ? 0.62 : 0.7;
  const width = DOOR_SIZE.width * scale;
  const gap = (1920 - 120 - limit * width) / (limit - 1);
  const doors = Array.from({ length: limit }, (_, i): HallItem => {
    const room = rooms[i];
    const x = 60 + i * (width + gap);
    if (!room)
      return {
        ...door(`room-${i}`, x, t('halls.closedRoom'), t('halls.closedRoomLabel', { number: offset + i + 1 }), null, scale),
        y: WALL_BASE,
      };
    const external = page === 'amibEmCena';
    const lecture = live?.get(room.id);
    const label = lecture
      ? external
        ? t('halls.live.doorExternal', { name: room.name, title: lecture.name })
        : t('halls.live.door', { name: room.name, title: lecture.name })
      : external
        ? t('halls.roomExternal', { name: room.name })
        : t('halls.roomDoor', { name: room.name });
    const item = door(`room-${i}`, x, room.name, label, external ? link(room.link) : { to: roomScreenPath(slug, room.id) }, scale);
    return lecture ? { ...item, live: { title: lecture.name, mark: t('halls.live.mark') } } : item;
  });
  const video: HallItem = {
    kind: 'screen',
    key: 'video',
    x: 760,
    y: 640,
    width: 400,
    height: 226,
    caption: t('halls.congressVideo'),
    label: t('halls.congressVideoOpen'),
    target: { action: 'congressVideo' },
    icon: 'play',
    stand: true,
  };
  // The arrows along the floor lead along the chain: congresso/1 to hall-salas and on to congresso/2, congresso/2 back.
  const arrow = (key: string, x: number, direction: 'left' | 'right', to: PageKey): HallItem => ({
    kind: 'arrow',
    key,
    x,
    y: 1000,
    text: hallName(t, to),
    direction,
    label: doorTo(t, to),
    target: toHall(context, to),
  });
  // The congress video's screen only when the event has one (issue 56, item 4).
  const videos = !venue || venue.congressVideo ? [video] : [];
  if (page === 'congress1' && context.next) {
    return [...doors, ...videos, arrow('to-rooms', 180, 'left', 'rooms'), arrow('next', 1470, 'right', context.next)];
  }
  if (page === 'congress2' && context.previous) {
    return [...doors, ...videos, arrow('back', 180, 'left', context.previous)];
  }
  return doors;
};

/** The antechambers' TVs (SPEC §2.4); what they open is the event's data. */
export const antechamberLayout = (page: 'cbmi2021' | 'helpDesk' | 'speakers', venue: VenueLinks, context: LayoutContext): HallItem[] => {
  const { t } = context;
  const tvs: Array<{ key: string; caption: string; label: string; target: Target; icon: ScreenIcon }> = [
    {
      key: 'messaging',
      caption: t('halls.tv.messaging'),
      label: t('halls.tv.messagingOpen'),
      target: link(venue.messagingLink),
      icon: 'chat',
    },
  ];
  if (page === 'cbmi2021')
    tvs.push({ key: 'info', caption: t('halls.tv.info'), label: t('halls.tv.infoOpen'), target: link(venue.infoPdf), icon: 'document' });
  if (page === 'helpDesk') {
    tvs.push({
      key: 'programme',
      caption: t('halls.tv.programme'),
      label: t('halls.tv.programmeOpen'),
      // The event's Programação (issue 17); the external link staff may set is offered there.
      target: { to: context.pathOf('programme') },
      icon: 'calendar',
    });
    tvs.push({ key: 'map', caption: t('halls.tv.map'), label: t('halls.tv.mapOpen'), target: link(venue.mapPdf), icon: 'document' });
  }
  if (page === 'speakers') {
    tvs.push({
      key: 'speakers',
      caption: t('halls.tv.speakers'),
      label: t('halls.tv.speakersOpen'),
      target: link(venue.speakersPdf),
      icon: 'document',
    });
    tvs.push({
      key: 'directory',
      caption: t('halls.tv.directory'),
      label: t('halls.tv.directoryOpen'),
      target: { to: context.pathOf('speakerDirectory') },
      icon: 'people',
    });
  }
  // A TV the event gave nothing to open is not drawn (issue 56, item 4).
  const shown = tvs.filter((tv) => tv.target !== null);
  const width = shown.length === 3 ? 500 : 620;
  const gap = 60;
  const start = (1920 - shown.length * width - (shown.length - 1) * gap) / 2;
  const screens = shown.map<HallItem>((tv, i) => ({
    kind: 'screen',
    ...tv,
    x: start + i * (width + gap),
    y: 150,
    width,
    height: Math.round((width * 9) / 16),
  }));
  const furniture: HallItem =
    page === 'helpDesk'
      ? {
          kind: 'desk',
          key: 'attendance',
          x: 710,
          y: 900,
          width: 500,
          sign: t('halls.attendance'),
          label: t('halls.attendanceContact'),
          target: { action: 'contact' },
        }
      : { kind: 'lounge', key: 'lounge', x: 660, y: 900, label: t('halls.lounge'), target: null };
  return [...screens, furniture];
};
