import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS, type ApiError, type ChatSummary, type ListResult, type StandContact } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { useChatInbox } from '../../shared/chat/useChat';
import { staffToken } from '../../shared/state/store';
import { standKeys } from '../stands/api';

/** The menu's count is a fallback poll; a chat's change arrives live on the inbox socket first. */
const POLL_MS = 30_000;

/**
 * The stands' conversations (SPEC §4): the count waiting for an answer, a stand's chats and its
 * contact requests. Their keys sit under the stands' (a stand's save or delete reloads them too).
 */
export const chatKeys = {
  unanswered: () => [...standKeys.all, 'unanswered'] as const,
  ofStand: (standId: number) => [...standKeys.all, 'chats', standId] as const,
  contactsOfStand: (standId: number) => [...standKeys.all, 'contacts', standId] as const,
  /** The attendant's conversations across their stands (decision 104). */
  inbox: () => [...standKeys.all, 'inbox'] as const,
};

export const unansweredKey = chatKeys.unanswered();

/** A stand's chats, polled every few seconds (and updated live by the inbox socket). */
export const standChatsQuery = (standId: number) =>
  queryOptions<ListResult<ChatSummary>, ApiError>({
    queryKey: chatKeys.ofStand(standId),
    queryFn: () => api.cms.chats.list(standId),
    refetchInterval: CHAT_LIMITS.listPollMs,
  });
export const useStandChats = (standId: number) => useQuery(standChatsQuery(standId));

/** The attendant's conversations across their stands (decision 104), polled like a stand's and read again on a live change. */
export const inboxQuery = () =>
  queryOptions<ListResult<ChatSummary>, ApiError>({
    queryKey: chatKeys.inbox(),
    queryFn: () => api.cms.chats.inbox(),
    refetchInterval: CHAT_LIMITS.listPollMs,
  });

/** A stand's contact requests (the same inbox). */
export const useStandContacts = (standId: number) =>
  useQuery<ListResult<StandContact>, ApiError>({
    queryKey: chatKeys.contactsOfStand(standId),
    queryFn: () => api.cms.chats.contacts(standId),
  });

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
  const refresh = () => void queryClient.invalidateQueries({ queryKey: unansweredKey });
  useChatInbox(enabled ? staffToken() : null, refresh, refresh);
  return enabled ? (count.data?.count ?? 0) : 0;
};
