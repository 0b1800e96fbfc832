import { describe, expect, it } from 'vitest';
import type { Room, Stand, VenueLinks } from '@plataforma/adapter';
import { eventFixture } from '../../testing/wire';
import { antechamberLayout, congressLayout, entranceLayout, standHallLayout, standsOfHall, type HallItem } from './layouts';
import { hallContext, type HallKey } from './registry';
import { textLines } from './scene/Stage';

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
/** A hall's place in the registry, under the slug given. */
const at = (hall: HallKey, slug: string) => hallContext(hall, slug, t);

const stand = (id: number, type: Stand['type'], name = `Stand ${id}`): Stand => ({
  id,
  eventId: 1,
  name,
  subtitle: '',
  description: '',
  type,
  position: id,
  color: '#0b6e4f',
  facebook: null,
  instagram: null,
  youtube: null,
  symposium: null,
  negotiation: null,
  website: null,
  image: `/uploads/logo-${id}.svg`,
});

const demoStands = [
  ...[1, 2, 3, 4].map((id) => stand(id, 'master')),
  ...[5, 6, 7, 8, 9, 10].map((id) => stand(id, 'silver')),
  ...[11, 12, 13, 14, 15, 16, 17, 18, 19].map((id) => stand(id, 'bronze')),
];

const room = (id: number): Room => ({
  id,
  eventId: 1,
  name: `Sala ${id}`,
  link: `https://amib.exemplo.com.br/${id}`,
  slug: `sala-${id}`,
  number: id,
});

const venue: VenueLinks = {
  ...eventFixture().venue,
  goldMeetingLink: 'https://meet.exemplo.com.br/ouro',
  messagingLink: 'https://wa.me/55',
  infoPdf: '/uploads/info.pdf',
};

const targets = (items: HallItem[]) => items.map((item) => item.target);

describe('stand halls (SPEC §2.4)', () => {
  it('fills gold with 1–4, prata with 5–10, bronze/1 with 11–14 and bronze/2 with 15–19, in position order', () => {
    expect(standsOfHall('gold', demoStands).map((s) => s?.id)).toEqual([1, 2, 3, 4]);
    expect(standsOfHall('silver', demoStands).map((s) => s?.id)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(standsOfHall('bronze1', demoStands).map((s) => s?.id)).toEqual([11, 12, 13, 14]);
    expect(standsOfHall('bronze2', demoStands).map((s) => s?.id)).toEqual([15, 16, 17, 18, 19]);
  });

  it('leaves free places (no link) at both ends where a hall has fewer stands than booths, the stands in the middle in order', () => {
    const items = standHallLayout('gold', demoStands.slice(0, 2), venue, at('gold', '1'));
    const booths = items.filter((item) => item.kind === 'booth');
    expect(booths).toHaveLength(4);
    expect(booths.map((item) => item.target)).toEqual([
      null,
      { to: '/plataforma/1/estande/1-stand-1' },
      { to: '/plataforma/1/estande/2-stand-2' },
      null,
    ]);
  });

  it("puts a sparse hall's stands in the middle of the row, where a phone opens (issue 56, item 5)", () => {
    expect(standsOfHall('gold', demoStands.slice(0, 1)).map((s) => s?.id ?? null)).toEqual([null, 1, null, null]);
    expect(standsOfHall('silver', demoStands.slice(4, 5)).map((s) => s?.id ?? null)).toEqual([null, null, 5, null, null, null]);
    expect(standsOfHall('silver', demoStands.slice(4, 7)).map((s) => s?.id ?? null)).toEqual([null, 5, 6, 7, null, null]);
    expect(standsOfHall('bronze2', demoStands.slice(10, 16)).map((s) => s?.id ?? null)).toEqual([null, 15, 16, null, null]);
  });

  it('shows a renamed stand and its new logo as the API sends them', () => {
    const renamed = demoStands.map((s) => (s.id === 2 ? { ...s, name: 'Pfizer Brasil', image: '/uploads/novo.png' } : s));
    const booth = standHallLayout('gold', renamed, venue, at('gold', '1-x')).find((item) => item.kind === 'booth' && item.stand?.id === 2);
    expect(booth).toMatchObject({ target: { to: '/plataforma/1-x/estande/2-pfizer-brasil' }, stand: { image: '/uploads/novo.png' } });
  });

  it('puts the doors of the chain and the outside link from the event data in each hall', () => {
    expect(targets(standHallLayout('gold', demoStands, venue, at('gold', '1'))).slice(0, 3)).toEqual([
      { to: '/plataforma/1/congresso/1' },
      { to: '/plataforma/1/hall-estandes-prata' },
      { href: 'https://meet.exemplo.com.br/ouro' },
    ]);
    expect(targets(standHallLayout('silver', demoStands, venue, at('silver', '1'))).slice(0, 3)).toEqual([
      { to: '/plataforma/1/hall-estandes-gold' },
      { to: '/plataforma/1/hall-estandes-bronze/1' },
      { href: 'https://meet.exemplo.com.br/pavilhao-prata' },
    ]);
    // No silver meeting link: the screen is not drawn at all (issue 56, item 4), the booths follow the doors.
    const unlinked = standHallLayout('silver', demoStands, { ...venue, silverMeetingLink: null }, at('silver', '1'));
    expect(unlinked.map((item) => item.kind).slice(0, 3)).toEqual(['door', 'door', 'booth']);
    expect(targets(standHallLayout('bronze2', demoStands, venue, at('bronze2', '1'))).slice(0, 3)).toEqual([
      { to: '/plataforma/1/hall-estandes-bronze/1' },
      { to: '/plataforma/1/hall-entrada' },
      { to: '/plataforma/1/amib-em-cena' },
    ]);
  });
});

describe('congress halls', () => {
  it('draws five doors in congresso/1 and closes the ones without a room', () => {
    const items = congressLayout('congress1', [room(1), room(2), room(3)], at('congress1', '1'));
    const doors = items.filter((item) => item.kind === 'door');
    expect(doors).toHaveLength(5);
    expect(doors.map((item) => item.target)).toEqual([
      { to: '/plataforma/1/salas/1' },
      { to: '/plataforma/1/salas/2' },
      { to: '/plataforma/1/salas/3' },
      null,
      null,
    ]);
    expect(doors[4].label).toBe('halls.closedRoomLabel {"number":5}');
    expect(items.some((item) => item.target !== null && 'action' in item.target && item.target.action === 'congressVideo')).toBe(true);
  });

  it('draws six doors in congresso/2 numbered after the first five, with a panel back', () => {
    const items = congressLayout('congress2', [room(6)], at('congress2', '1'));
    expect(items.filter((item) => item.kind === 'door')).toHaveLength(6);
    expect(items.filter((item) => item.kind === 'door')[5].label).toBe('halls.closedRoomLabel {"number":11}');
    expect(targets(items)).toContainEqual({ to: '/plataforma/1/congresso/1' });
  });

  it('opens the rooms of amib-em-cena at their external links', () => {
    const items = congressLayout('amibEmCena', [room(12), { ...room(13), link: null }], at('amibEmCena', '1'));
    expect(targets(items)).toEqual([{ href: 'https://amib.exemplo.com.br/12' }, null, null, null, null]);
  });
});

describe("congress doors: 'AO VIVO'", () => {
  const live = new Map([[2, { name: 'Sepse grave na UTI: novas diretrizes de ressuscitação' }]]);

  it('marks the door of the room with a lecture on now, and only that one', () => {
    const doors = congressLayout('congress1', [room(1), room(2), room(3)], at('congress1', '1'), live).filter(
      (item) => item.kind === 'door',
    );
    expect(doors.map((door) => door.live)).toEqual([
      undefined,
      { title: 'Sepse grave na UTI: novas diretrizes de ressuscitação', mark: 'halls.live.mark' },
      undefined,
      undefined,
      undefined,
    ]);
    expect(doors[1].label).toBe('halls.live.door {"name":"Sala 2","title":"Sepse grave na UTI: novas diretrizes de ressuscitação"}');
    expect(doors[1].target).toEqual({ to: '/plataforma/1/salas/2' });
    expect(doors[0].label).toBe('halls.roomDoor {"name":"Sala 1"}');
  });

  it('says so on the external doors of amib-em-cena, and nothing live draws the doors as before', () => {
    const marked = congressLayout('amibEmCena', [room(12), room(2)], at('amibEmCena', '1'), live);
    expect(marked[1].label).toBe(
      'halls.live.doorExternal {"name":"Sala 2","title":"Sepse grave na UTI: novas diretrizes de ressuscitação"}',
    );
    expect(marked[1].target).toEqual({ href: 'https://amib.exemplo.com.br/2' });
    const rooms = [room(1), room(2)];
    expect(congressLayout('congress1', rooms, at('congress1', '1'), new Map())).toEqual(
      congressLayout('congress1', rooms, at('congress1', '1')),
    );
  });

  it("cuts a door's title into two short lines, the second ellipsised", () => {
    expect(textLines('Sepse grave na UTI: novas diretrizes de ressuscitação', 16)).toEqual(['Sepse grave na', 'UTI: novas dire…']);
    expect(textLines('Abertura', 16)).toEqual(['Abertura']);
    expect(textLines('Otorrinolaringologia pediátrica', 16)).toEqual(['Otorrinolaringol', 'ogia pediátrica']);
  });
});

describe('entrance and antechambers', () => {
  it('links the entrance to the halls, the sponsors that have a link and the video', () => {
    const sponsors = [
      { id: 1, eventId: 1, name: 'Vitalis', type: 'master' as const, image: '/uploads/s1.svg', link: 'https://vitalis.exemplo.com.br' },
      { id: 2, eventId: 1, name: 'Solaris', type: 'master' as const, image: null, link: null },
    ];
    const items = entranceLayout(sponsors, '/uploads/fundo.svg', 'Congresso', at('entrance', '1'));
    const all = targets(items);
    for (const to of ['congresso/1', 'hall-estandes-gold', 'palestrantes', 'help-desk', 'cbmi-2021', 'hall-salas']) {
      expect(all).toContainEqual({ to: `/plataforma/1/${to}` });
    }
    expect(all).toContainEqual({ to: '/plataforma/1/sala-network', state: { eventName: 'Congresso' } });
    expect(all).toContainEqual({ href: 'https://vitalis.exemplo.com.br' });
    expect(all).toContainEqual({ action: 'welcomeVideo' });
    expect(items.filter((item) => item.kind === 'totem')).toHaveLength(2);
  });

  it('gives each antechamber its TVs from the event data', () => {
    // The TVs, then the room's furniture (not a link).
    expect(targets(antechamberLayout('cbmi2021', venue, at('cbmi2021', '1')))).toEqual([
      { href: 'https://wa.me/55' },
      { href: '/uploads/info.pdf' },
      null,
    ]);
    const helpDesk = antechamberLayout('helpDesk', venue, at('helpDesk', '1'));
    expect(helpDesk.map((item) => item.key)).toEqual(['messaging', 'programme', 'map', 'attendance']);
    // The 'Programação' TV leads to the event's programme page (issue 17), not out of the venue.
    expect(helpDesk.find((item) => item.key === 'programme')?.target).toEqual({ to: '/plataforma/1/programacao' });
    // The help desk's 'Atendimento' opens the contact form (issue 13).
    expect(helpDesk.find((item) => item.key === 'attendance')?.target).toEqual({ action: 'contact' });
    const speakers = antechamberLayout('speakers', venue, at('speakers', '1'));
    expect(speakers.map((item) => item.key)).toEqual(['messaging', 'speakers', 'directory', 'lounge']);
    expect(speakers.find((item) => item.key === 'directory')?.target).toEqual({ to: '/plataforma/1/palestrantes/diretorio' });
  });

  it('draws no demo leftovers in an event that configured nothing (issue 56, item 4)', () => {
    const bare: VenueLinks = Object.fromEntries(Object.keys(venue).map((key) => [key, null])) as VenueLinks;
    const entrance = entranceLayout([], null, 'Congresso Novo', at('entrance', 'novo'), undefined, bare).map((item) => item.key);
    expect(entrance).not.toContain('welcome');
    expect(entrance).not.toContain('cbmi');
    expect(entrance).toContain('door-congress');
    const gold = standHallLayout('gold', [], bare, at('gold', 'novo')).map((item) => item.key);
    expect(gold).not.toContain('meeting');
    expect(standHallLayout('bronze1', [], bare, at('bronze1', 'novo')).map((item) => item.key)).not.toContain('posters');
    expect(congressLayout('congress1', [], at('congress1', 'novo'), undefined, bare).map((item) => item.key)).not.toContain('video');
    // The antechambers keep only what leads somewhere: the programme and the directory, and their furniture.
    expect(antechamberLayout('cbmi2021', bare, at('cbmi2021', 'novo')).map((item) => item.key)).toEqual(['lounge']);
    expect(antechamberLayout('helpDesk', bare, at('helpDesk', 'novo')).map((item) => item.key)).toEqual(['programme', 'attendance']);
    // An event that has them gets them.
    const full = entranceLayout([], null, 'Congresso', at('entrance', '1'), undefined, venue).map((item) => item.key);
    expect(full).toEqual(expect.arrayContaining(['welcome', 'cbmi']));
  });
});
