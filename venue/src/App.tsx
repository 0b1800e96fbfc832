import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  ABOUT_PAGE,
  BACKOFFICE_PAGE,
  CATALOGUE_PAGE,
  CERTIFICATE_PAGE,
  CERTIFICATES_PAGE,
  CHECKOUT_PAGE,
  CONFIRM_EMAIL_PAGE,
  CONTACT_PAGE,
  EVENT_PAGE,
  HOME_PAGE,
  LOGIN_PAGE,
  ORDER_PAGE,
  ORDERS_PAGE,
  PLATFORM_PAGE,
  PROFILE_PAGE,
  RECOVERY_PAGE,
  REGISTER_PAGE,
  TERMS_PAGE,
} from '@plataforma/adapter/pages';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject, type RouterProviderProps } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { HallPage } from './platform/hall-page/HallPage';
import { HALL_KEYS, HALLS, SCREENS, type HallKey } from './platform/halls/registry';
import { PlatformLayout } from './platform/PlatformLayout';
import { RequireClient } from './platform/session/RequireClient';
import { useScreenSizeTracking } from './shared/hooks/useScreenSize';
import { usePageViews } from './shared/hooks/usePageViews';
import { GlobalStyle, theme } from './shared/theme';
import { DialogHost } from './shared/ui/DialogHost';
import { ErrorScreen } from './shared/ui/ErrorScreen';
import { NotFound } from './shared/ui/NotFound';
import { PageLoading } from './shared/ui/PageLoading';
import { ToastHost } from './shared/ui/ToastHost';

/** Everything every page has: the page view on each navigation, the screen-size class, one toast and one dialog. */
const Root = () => {
  usePageViews();
  useScreenSizeTracking();
  return (
    <>
      <Outlet />
      <ToastHost />
      <DialogHost />
    </>
  );
};

/** A drawn hall's route, from its registry entry (`key` gives each hall its own page state). */
const hallRoute = (key: HallKey): RouteObject => ({ path: HALLS[key].path, element: <HallPage key={key} page={key} /> });

/** The halls open to every visitor (hall-entrada) and those that need a signed-in client (SPEC §2.4). */
const openHallRoutes = HALL_KEYS.filter((key) => HALLS[key].open).map(hallRoute);
const clientHallRoutes = HALL_KEYS.filter((key) => !HALLS[key].open).map(hallRoute);

/** SPEC §2.1, paths from the adapter's page constants (VENUE_PAGES) (the server answers any other page 404): / → entrance hall of event 1; /plataforma/{slug}; /eventos, /cadastro, /entrar, /recuperar-senha, /perfil, /confirmar-email, /contato, /termos, /sobre (the public site); /cms (lazy chunk); anything else not found. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorScreen />,
    HydrateFallback: PageLoading,
    children: [
      { path: HOME_PAGE, element: <Navigate to="/plataforma/1/hall-entrada" replace /> },
      {
        path: PLATFORM_PAGE,
        element: <PlatformLayout />,
        children: [
          { index: true, element: <Navigate to={HALLS.entrance.path} replace /> },
          ...openHallRoutes,
          { path: 'salas/:roomId', lazy: async () => ({ Component: (await import('./platform/lecture/screens')).LectureScreen }) },
          // The event's programme, speakers and exhibitors are public, as its page in the catalogue (issue 17).
          {
            path: SCREENS.programme.path,
            lazy: async () => ({ Component: (await import('./platform/programme/ProgrammePage')).ProgrammePage }),
          },
          {
            path: SCREENS.speakerDirectory.path,
            lazy: async () => ({ Component: (await import('./platform/speakers/SpeakerDirectory')).SpeakerDirectory }),
          },
          {
            path: SCREENS.exhibitors.path,
            lazy: async () => ({ Component: (await import('./platform/exhibitors/ExhibitorDirectory')).ExhibitorDirectory }),
          },
          {
            // SPEC §2.4: every other platform page needs a signed-in client.
            element: <RequireClient />,
            children: [
              {
                // Issue 14: a ticket-only event admits a client with access (its own chunk).
                lazy: async () => ({ Component: (await import('./platform/session/TicketGate')).TicketGate }),
                children: [
                  {
                    path: 'estande/:standId',
                    lazy: async () => ({ Component: (await import('./platform/stand/StandScreen')).StandScreen }),
                  },
                  {
                    path: 'congresso/salas/:roomId',
                    lazy: async () => ({ Component: (await import('./platform/lecture/screens')).RoomByDate }),
                  },
                  ...clientHallRoutes,
                  // hall-salas and sala-network are HTML screens, each its own chunk.
                  { path: SCREENS.rooms.path, lazy: async () => ({ Component: (await import('./platform/rooms/HallRooms')).HallRooms }) },
                  {
                    path: SCREENS.network.path,
                    lazy: async () => ({ Component: (await import('./platform/network/NetworkRoom')).NetworkRoom }),
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        // The public site around the venue (issue 13): the catalogue, each event's page, registration; one lazy layout.
        lazy: async () => ({ Component: (await import('./site/SiteLayout')).SiteLayout }),
        children: [
          { path: CATALOGUE_PAGE, lazy: async () => ({ Component: (await import('./site/events/CataloguePage')).CataloguePage }) },
          { path: EVENT_PAGE, lazy: async () => ({ Component: (await import('./site/events/EventPage')).EventPage }) },
          { path: REGISTER_PAGE, lazy: async () => ({ Component: (await import('./site/account/RegisterPage')).RegisterPage }) },
          { path: CONTACT_PAGE, lazy: async () => ({ Component: (await import('./site/ContactPage')).ContactPage }) },
          { path: LOGIN_PAGE, lazy: async () => ({ Component: (await import('./site/account/LoginPage')).LoginPage }) },
          { path: RECOVERY_PAGE, lazy: async () => ({ Component: (await import('./site/account/RecoveryPage')).RecoveryPage }) },
          { path: PROFILE_PAGE, lazy: async () => ({ Component: (await import('./site/account/ProfilePage')).ProfilePage }) },
          // The registration e-mail's link lands here once the server checked it (decision 081).
          {
            path: CONFIRM_EMAIL_PAGE,
            lazy: async () => ({ Component: (await import('./site/account/ConfirmEmailPage')).ConfirmEmailPage }),
          },
          // Commerce (issue 14): the checkout and 'Meus pedidos', each a lazy chunk.
          { path: CHECKOUT_PAGE, lazy: async () => ({ Component: (await import('./site/commerce/CheckoutPage')).CheckoutPage }) },
          { path: ORDERS_PAGE, lazy: async () => ({ Component: (await import('./site/commerce/MyOrdersPage')).MyOrdersPage }) },
          {
            path: ORDER_PAGE,
            lazy: async () => ({ Component: (await import('./site/commerce/OrderDetailPage')).OrderDetailPage }),
          },
          // Attendance certificates (decision 050): the public verification of a code.
          {
            path: CERTIFICATES_PAGE,
            lazy: async () => ({ Component: (await import('./site/certificates/VerifyPage')).VerifyPage }),
          },
          {
            path: CERTIFICATE_PAGE,
            lazy: async () => ({ Component: (await import('./site/certificates/VerifyPage')).VerifyPage }),
          },
          { path: TERMS_PAGE, lazy: async () => ({ Component: (await import('./site/pages/SitePageScreen')).TermsPage }) },
          { path: ABOUT_PAGE, lazy: async () => ({ Component: (await import('./site/pages/SitePageScreen')).AboutPage }) },
        ],
      },
      { path: BACKOFFICE_PAGE, lazy: async () => ({ Component: (await import('./backoffice/BackofficeApp')).BackofficeApp }) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** React Router 7 behaviours, adopted now (every link in the app is absolute, so none changes meaning). */
export const ROUTER_FUTURE = {
  v7_relativeSplatPath: true,
  v7_fetcherPersist: true,
  v7_normalizeFormMethod: true,
  v7_partialHydration: true,
  v7_skipActionErrorRevalidation: true,
} as const;

export type AppRouter = RouterProviderProps['router'];

export const createRouter = (): AppRouter => createBrowserRouter(routes, { future: ROUTER_FUTURE });

export { createQueryClient } from './shared/query';

export const App = ({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) => (
  <ThemeProvider theme={theme}>
    <GlobalStyle />
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </QueryClientProvider>
  </ThemeProvider>
);
