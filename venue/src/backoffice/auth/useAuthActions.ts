import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { SessionClient, StaffUser, TokenAnswer } from '@plataforma/adapter';
import { useAppState } from '../../shared/state/store';
import { staffKeys } from './api';

/** Stores a staff token answer and loads the user; without a token: 'User data not found'. */
export const useCompleteSignIn = () => {
  const signIn = useAppState((s) => s.signIn);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (answer: TokenAnswer<StaffUser | SessionClient> | null | undefined): boolean => {
    if (!answer?.token || !answer.account || !('role' in answer.account)) return false;
    signIn(answer.account, 'user', answer.token);
    queryClient.removeQueries({ queryKey: staffKeys.all });
    navigate('/cms', { replace: true });
    return true;
  };
};
