import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffRole } from '@plataforma/adapter';
import type { EventSectionProps } from '../ui/section';

export type { EventSectionProps } from '../ui/section';

/** A section of the event editor: an accordion panel chosen by the route's tab. */
export interface EventSection {
  /** The route's tab ('/cms/eventos/:eventId/:tab'). */
  tab: string;
  /** The panel's heading (a key of the back office's texts). */
  label: string;
  /** The staff roles that see it (SPEC §6); every staff role when absent. */
  only?: readonly StaffRole[];
  /** Shown even before the event exists (only 'Informações básicas'). */
  beforeSave?: boolean;
  Component: LazyExoticComponent<ComponentType<EventSectionProps>>;
}

export const section = <Name extends string>(load: () => Promise<Record<Name, ComponentType<EventSectionProps>>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

/** The tab opened when the route names none. */
export const DEFAULT_TAB = 'informacoes-basicas';
/** The tab opened after the first save of an event (SPEC §2.3). */
export const AFTER_FIRST_SAVE_TAB = 'patrocinadores';

/**
 * The event editor's sections, in order (SPEC §2.3: informacoes-basicas, patrocinadores, salas,
 * estandes, produtos-e-servicos, midias; plus palestras, palestrantes and cupons). The editor's
 * accordion and its tabs are derived from this list: adding a section is its folder and one line.
 */
export const EVENT_SECTIONS: readonly EventSection[] = [
  {
    tab: 'informacoes-basicas',
    label: 'events.sections.basic',
    only: ['admin'],
    beforeSave: true,
    Component: section(() => import('./BasicInfoSection'), 'BasicInfoSection'),
  },
  {
    tab: 'patrocinadores',
    label: 'events.sections.sponsors',
    only: ['admin'],
    Component: section(() => import('../sponsors/SponsorsSection'), 'SponsorsSection'),
  },
  {
    tab: 'salas',
    label: 'events.sections.rooms',
    only: ['admin'],
    Component: section(() => import('../rooms/RoomsSection'), 'RoomsSection'),
  },
  { tab: 'estandes', label: 'events.sections.stands', Component: section(() => import('../stands/StandsSection'), 'StandsSection') },
  {
    tab: 'produtos-e-servicos',
    label: 'events.sections.products',
    only: ['admin'],
    Component: section(() => import('../products/ProductsSection'), 'ProductsSection'),
  },
  { tab: 'midias', label: 'events.sections.medias', Component: section(() => import('../medias/MediaSection'), 'MediaSection') },
  {
    tab: 'palestras',
    label: 'events.sections.lectures',
    only: ['admin'],
    Component: section(() => import('../lectures/LecturesSection'), 'LecturesSection'),
  },
  {
    tab: 'palestrantes',
    label: 'events.sections.speakers',
    only: ['admin'],
    Component: section(() => import('../speakers/SpeakersSection'), 'SpeakersSection'),
  },
  {
    tab: 'cupons',
    label: 'events.sections.coupons',
    only: ['admin'],
    Component: section(() => import('../coupons/CouponsSection'), 'CouponsSection'),
  },
];

/** The sections a role sees, in order. */
export const sectionsOf = (role: StaffRole): readonly EventSection[] =>
  EVENT_SECTIONS.filter((entry) => !entry.only || entry.only.includes(role));
