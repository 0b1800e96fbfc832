import type { RouteObject } from 'react-router-dom';
import { HallPage } from './HallPage';

/** The halls a signed-in client walks (SPEC §2.4). hall-salas and sala-network are their own chunks. */
export const protectedHallRoutes: RouteObject[] = [
  { path: 'hall-estandes-gold', element: <HallPage key="gold" page="gold" /> },
  { path: 'hall-estandes-prata', element: <HallPage key="silver" page="silver" /> },
  { path: 'hall-estandes-bronze/1', element: <HallPage key="bronze1" page="bronze1" /> },
  { path: 'hall-estandes-bronze/2', element: <HallPage key="bronze2" page="bronze2" /> },
  { path: 'congresso/1', element: <HallPage key="congress1" page="congress1" /> },
  { path: 'congresso/2', element: <HallPage key="congress2" page="congress2" /> },
  { path: 'amib-em-cena', element: <HallPage key="amibEmCena" page="amibEmCena" /> },
  { path: 'cbmi-2021', element: <HallPage key="cbmi2021" page="cbmi2021" /> },
  { path: 'help-desk', element: <HallPage key="helpDesk" page="helpDesk" /> },
  { path: 'palestrantes', element: <HallPage key="speakers" page="speakers" /> },
  { path: 'hall-salas', lazy: async () => ({ Component: (await import('./HallRooms')).HallRooms }) },
  { path: 'sala-network', lazy: async () => ({ Component: (await import('./NetworkRoom')).NetworkRoom }) },
];
