import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { rolesFor, type CmsAccessRoute, type StaffRole } from '@plataforma/adapter';

/** A screen of the back office's shell: the one place its path, menu entry and roles are stated. */
export interface Screen {
  /** Under /cms. */
  path: string;
  /** Its menu entry (a key of the back office's texts). */
  label: string;
  /** The API route the screen stands on: the screen is for the staff roles the server's access table gives that route. */
  access: CmsAccessRoute;
  /** Narrows those roles where SPEC §2.2 gives the screen to fewer roles than its API admits. */
  only?: readonly StaffRole[];
  /** The role's first screen after signing in (else its first menu entry). */
  home?: boolean;
  /** false: a route without a menu entry (the event editor, reached from the events list). */
  menu?: false;
  /** A count beside the menu entry: the attendant's chats waiting for an answer. */
  badge?: 'unansweredChats';
  /** The page, loaded on demand. */
  page: LazyExoticComponent<ComponentType>;
}

const page = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

/**
 * The back office's screens in menu order (SPEC §2.2). Routes, the menu and each role's home
 * are derived from this list: adding a screen is its folder and one line here.
 */
export const SCREENS: readonly Screen[] = [
  {
    path: 'dashboard',
    label: 'menu.dashboard',
    access: 'GET /dashboards/general',
    page: page(() => import('./dashboards/GeneralDashboardPage'), 'GeneralDashboardPage'),
  },
  {
    path: 'eventos',
    label: 'menu.events',
    access: 'GET /events',
    // SPEC §2.2: any other /cms path leads an admin to the events list; 'Painel' stays first in the menu (decision 097).
    home: true,
    page: page(() => import('./events/EventsPage'), 'EventsPage'),
  },
  {
    // Before the editor's tabs: 'dashboard' is not a tab of the editor.
    path: 'eventos/:eventId/dashboard',
    label: 'dashboards.event.title',
    access: 'GET /dashboards/events/:id',
    menu: false,
    page: page(() => import('./dashboards/EventDashboardPage'), 'EventDashboardPage'),
  },
  {
    path: 'eventos/:eventId/:tab?',
    label: 'events.editor',
    access: 'GET /events/private/:id',
    menu: false,
    page: page(() => import('./events/EventEditorPage'), 'EventEditorPage'),
  },
  {
    path: 'categorias',
    label: 'menu.categories',
    access: 'GET /categories',
    page: page(() => import('./categories/CategoriesPage'), 'CategoriesPage'),
  },
  {
    path: 'clientes',
    label: 'menu.clients',
    access: 'GET /clients',
    page: page(() => import('./clients/ClientsPage'), 'ClientsPage'),
  },
  {
    path: 'pedidos',
    label: 'menu.orders',
    access: 'GET /orders',
    page: page(() => import('./orders/OrdersPage'), 'OrdersPage'),
  },
  {
    path: 'pedidos/:orderId',
    label: 'orders.detail.heading',
    access: 'GET /orders/:id',
    menu: false,
    page: page(() => import('./orders/OrderDetailPage'), 'OrderDetailPage'),
  },
  {
    path: 'contatos',
    label: 'menu.contacts',
    access: 'GET /contacts',
    page: page(() => import('./contacts/ContactsPage'), 'ContactsPage'),
  },
  { path: 'usuarios', label: 'menu.users', access: 'GET /users', page: page(() => import('./users/UsersPage'), 'UsersPage') },
  {
    path: 'atividades',
    label: 'menu.activities',
    access: 'GET /logs',
    page: page(() => import('./activities/ActivitiesPage'), 'ActivitiesPage'),
  },
  {
    path: 'idiomas',
    label: 'menu.languages',
    access: 'GET /languages',
    page: page(() => import('./languages/LanguagesPage'), 'LanguagesPage'),
  },
  {
    path: 'emails',
    label: 'menu.emails',
    access: 'GET /emails',
    page: page(() => import('./emails/EmailsPage'), 'EmailsPage'),
  },
  {
    path: 'tarefas',
    label: 'menu.jobs',
    access: 'GET /jobs',
    page: page(() => import('./jobs/TasksPage'), 'TasksPage'),
  },
  {
    path: 'paginas',
    label: 'menu.sitePages',
    access: 'GET /pages/:page',
    page: page(() => import('./site-pages/SitePagesPage'), 'SitePagesPage'),
  },
  {
    path: 'estandes',
    label: 'menu.stands',
    access: 'GET /stands',
    only: ['attendant'],
    page: page(() => import('./stands/StandsPage'), 'StandsPage'),
  },
  {
    // The attendant's conversations of every stand of theirs (issue 56, item 9): the count of what waits sits here.
    path: 'conversas',
    label: 'menu.inbox',
    access: 'GET /chats/inbox',
    badge: 'unansweredChats',
    page: page(() => import('./chats/InboxPage'), 'InboxPage'),
  },
  {
    // The exhibitor report (decision 049): an attendant's from their stands, an admin's from the event editor's stands.
    path: 'estandes/:standId/relatorio',
    label: 'stands.report.title',
    access: 'GET /dashboards/stands/:id',
    menu: false,
    page: page(() => import('./stands/StandReportPage'), 'StandReportPage'),
  },
  {
    // An attendant's stand page; an admin opens it from the event editor's stands to answer its chats (issue 56, item 2).
    path: 'estandes/:standId/:tab',
    label: 'stands.detail.title',
    access: 'GET /stands/:id',
    menu: false,
    page: page(() => import('./stand-page/StandDetailPage'), 'StandDetailPage'),
  },
];

/** Who sees a screen: its route's staff roles in the access table, narrowed by `only`. */
export const screenRoles = (screen: Screen): readonly StaffRole[] =>
  rolesFor(screen.access).filter((role) => !screen.only || screen.only.includes(role));

/** A role's screens, in menu order. */
export const screensOf = (role: StaffRole): readonly Screen[] => SCREENS.filter((screen) => screenRoles(screen).includes(role));

/** A role's menu entries, in order (its screens but the routes reached from another screen). */
export const menuOf = (role: StaffRole): readonly Screen[] => screensOf(role).filter((screen) => screen.menu !== false);

/** The screen any other /cms path leads a role to (SPEC §2.2), signing in included: its `home` entry, else its first menu entry. */
export const homeOf = (role: StaffRole): string => {
  const mine = menuOf(role);
  const home = mine.find((screen) => screen.home) ?? mine[0];
  return home ? `/cms/${home.path}` : '/cms/nao-autorizado';
};
