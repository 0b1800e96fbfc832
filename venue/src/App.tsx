import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { HallEntrance } from './platform/HallEntrance';
import { PlatformLayout } from './platform/PlatformLayout';
import { useScreenSizeTracking } from './shared/hooks/useScreenSize';
import { usePageViews } from './shared/hooks/usePageViews';
import { GlobalStyle, theme } from './shared/theme';
import { DialogHost } from './shared/ui/DialogHost';
import { NotFound } from './shared/ui/NotFound';
import { ToastHost } from './shared/ui/ToastHost';

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

/** SPEC §2.1: / → entrance hall of event 1; /plataforma/{slug}; /cms (lazy); anything else not found. */
export const routes = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/plataforma/1/hall-entrada" replace /> },
      {
        path: '/plataforma/:slug',
        element: <PlatformLayout />,
        children: [
          { index: true, element: <Navigate to="hall-entrada" replace /> },
          { path: 'hall-entrada', element: <HallEntrance /> },
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: '/cms/*', lazy: async () => ({ Component: (await import('./backoffice/BackofficeApp')).BackofficeApp }) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

export const App = ({ router = createBrowserRouter(routes), queryClient = createQueryClient() }) => (
  <ThemeProvider theme={theme}>
    <GlobalStyle />
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </ThemeProvider>
);
