import { Suspense, type ComponentType } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { rolesFor } from '@plataforma/adapter';
import { Spinner } from '../shared/ui/Spinner';
import { AuthLayout } from './auth/AuthLayout';
import { LoginPage } from './auth/LoginPage';
import { PasswordChangePage } from './auth/PasswordChangePage';
import { RecoveryPage } from './auth/RecoveryPage';
import { useBackofficeTranslation } from './i18n';
import { homeOf, SCREENS, screenRoles } from './screens';
import { useStaffSession } from './session';
import { RequireRole, SignedOutOnly } from './shell/Guard';
import { Shell } from './shell/Shell';

/** The screens for signed-out users only (SPEC §2.2). */
const PUBLIC_SCREENS: ReadonlyArray<{ path: string; Page: ComponentType }> = [
  { path: 'login', Page: LoginPage },
  { path: 'password-recovery', Page: RecoveryPage },
  { path: 'password-change', Page: PasswordChangePage },
];

const NotAuthorized = () => {
  const { t } = useBackofficeTranslation();
  return (
    <AuthLayout title={t('notAuthorized')}>
      <Link to="/cms">{t('notAuthorizedBack')}</Link>
    </AuthLayout>
  );
};

/** Any other /cms path: the role's first screen (SPEC §2.2). */
const Home = () => {
  const { user } = useStaffSession();
  return <Navigate to={user ? homeOf(user.role) : '/cms/login'} replace />;
};

/** The staff area under /cms, loaded on demand (the venue never downloads it); its screens come from `screens.ts`. */
export const BackofficeApp = () => (
  <Routes>
    {PUBLIC_SCREENS.map(({ path, Page }) => (
      <Route
        key={path}
        path={path}
        element={
          <SignedOutOnly>
            <Page />
          </SignedOutOnly>
        }
      />
    ))}
    <Route path="nao-autorizado" element={<NotAuthorized />} />
    <Route
      element={
        <RequireRole roles={rolesFor('GET /users/me')}>
          <Shell />
        </RequireRole>
      }
    >
      {SCREENS.map((screen) => (
        <Route
          key={screen.path}
          path={screen.path}
          element={
            <RequireRole roles={screenRoles(screen)}>
              <Suspense fallback={<Spinner />}>
                <screen.page />
              </Suspense>
            </RequireRole>
          }
        />
      ))}
      <Route path="*" element={<Home />} />
    </Route>
  </Routes>
);
