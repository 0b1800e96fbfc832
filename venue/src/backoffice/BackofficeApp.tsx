import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { ActivitiesPage } from './activities/ActivitiesPage';
import { AuthLayout } from './auth/AuthLayout';
import { LoginPage } from './auth/LoginPage';
import { PasswordChangePage } from './auth/PasswordChangePage';
import { RecoveryPage } from './auth/RecoveryPage';
import { CategoriesPage } from './categories/CategoriesPage';
import { homeOf, useStaffSession } from './session';
import { RequireRole, SignedOutOnly } from './shell/Guard';
import { Shell } from './shell/Shell';
import { StandsPage } from './stands/StandsPage';
import { UsersPage } from './users/UsersPage';

const NotAuthorized = () => {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('backoffice.notAuthorized')}>
      <Link to="/cms">{t('backoffice.notAuthorizedBack')}</Link>
    </AuthLayout>
  );
};

/** Any other /cms path: the role's first screen (SPEC §2.2). */
const Home = () => {
  const { user } = useStaffSession();
  return <Navigate to={user ? homeOf(user.role) : '/cms/login'} replace />;
};

/** The staff area under /cms, loaded on demand (the venue never downloads it). */
export const BackofficeApp = () => (
  <Routes>
    <Route
      path="login"
      element={
        <SignedOutOnly>
          <LoginPage />
        </SignedOutOnly>
      }
    />
    <Route
      path="password-recovery"
      element={
        <SignedOutOnly>
          <RecoveryPage />
        </SignedOutOnly>
      }
    />
    <Route
      path="password-change"
      element={
        <SignedOutOnly>
          <PasswordChangePage />
        </SignedOutOnly>
      }
    />
    <Route path="nao-autorizado" element={<NotAuthorized />} />
    <Route
      element={
        <RequireRole roles={['admin', 'attendant']}>
          <Shell />
        </RequireRole>
      }
    >
      <Route
        path="categorias"
        element={
          <RequireRole roles={['admin']}>
            <CategoriesPage />
          </RequireRole>
        }
      />
      <Route
        path="usuarios"
        element={
          <RequireRole roles={['admin']}>
            <UsersPage />
          </RequireRole>
        }
      />
      <Route
        path="atividades"
        element={
          <RequireRole roles={['admin']}>
            <ActivitiesPage />
          </RequireRole>
        }
      />
      <Route
        path="estandes"
        element={
          <RequireRole roles={['attendant']}>
            <StandsPage />
          </RequireRole>
        }
      />
      <Route path="*" element={<Home />} />
    </Route>
  </Routes>
);
