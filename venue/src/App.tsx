import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject, type RouterProviderProps } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { HallEntrance } from './platform/HallEntrance';
import { PlatformLayout } from './platform/PlatformLayout';
import { RequireClient } from './platform/RequireClient';
import { protectedHallRoutes } from './platform/halls/routes';
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

/** SPEC §2.1: / → entrance hall of event 1; /plataforma/{slug}; /cms (lazy chunk); anything else not found. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorScreen />,
    HydrateFallback: PageLoading,
    children: [
      { path: '/', element: <Navigate to="/plataforma/1/hall-entrada" replace /> },
      {
        path: '/plataforma/:slug',
        element: <PlatformLayout />,
        children: [
          { index: true, element: <Navigate to="hall-entrada" replace /> },
          { path: 'hall-entrada', element: <HallEntrance /> },
          { path: 'salas/:roomId', lazy: async () => ({ Component: (await import('./platform/lecture/LectureScreen')).LectureScreen }) },
          {
            // SPEC §2.4: every other platform page needs a signed-in client.
            element: <RequireClient />,
            children: [
              { path: 'estande/:standId', lazy: async () => ({ Component: (await import('./platform/stand/StandScreen')).StandScreen }) },
              {
                path: 'congresso/salas/:roomId',
                lazy: async () => ({ Component: (await import('./platform/lecture/RoomByDate')).RoomByDate }),
              },
              ...protectedHallRoutes,
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: '/cms/*', lazy: async () => ({ Component: (await import('./backoffice/BackofficeApp')).BackofficeApp }) },
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
