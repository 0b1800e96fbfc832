import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { useChatInbox } from '../../shared/chat/useChat';
import { staffToken } from '../../shared/state/store';
import { standKeys } from './api';

/** The menu's count is a fallback poll; a chat's change arrives live on the inbox socket first. */
const POLL_MS = 30_000;

export const unansweredKey = [...standKeys.all, 'unanswered'] as const;

/**
 * How many chats of the signed-in attendant's stands wait for the stand's answer (the count
 * beside 'Estandes' in the menu): read from the server, refreshed live when one of their chats
 * changes. The shell's inbox socket also keeps the attendant 'online' for their stands' visitors.
 */
export const useUnansweredChats = (enabled: boolean): number => {
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: unansweredKey,
    queryFn: () => api.cms.chats.unanswered(),
    enabled,
    refetchInterval: POLL_MS,
  });
  useChatInbox(enabled ? staffToken() : null, () => {
    void queryClient.invalidateQueries({ queryKey: unansweredKey });
  });
  return enabled ? (count.data?.count ?? 0) : 0;
};
