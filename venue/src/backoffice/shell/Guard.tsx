import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { StaffRole } from '@plataforma/adapter';
import { Spinner } from '../../shared/ui/Spinner';
import { useStaffSession } from '../session';

/** Signed out → /cms/login; signed in without the role → /cms/nao-autorizado (SPEC §2.2). */
export const RequireRole = ({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) => {
  const { user, checking } = useStaffSession();
  const location = useLocation();
  if (checking) return <Spinner />;
  if (!user) return <Navigate to="/cms/login" replace state={{ from: location.pathname }} />;
  if (!roles.includes(user.role)) return <Navigate to="/cms/nao-autorizado" replace />;
  return <>{children}</>;
};

/** The public screens are for signed-out users only: a signed-in user goes to /cms. */
export const SignedOutOnly = ({ children }: { children: ReactNode }) => {
  const { user, checking } = useStaffSession();
  if (checking) return <Spinner />;
  if (user) return <Navigate to="/cms" replace />;
  return <>{children}</>;
};
