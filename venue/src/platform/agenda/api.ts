import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Agenda, AgendaMark, ApiError } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { useAppState } from '../../shared/state/store';

/** How long the stars are taken as fresh: they change only from this browser's own clicks (which update them at once). */
const FRESH_MS = 5 * 60_000;

/** Query keys of 'Minha agenda': per event and per client, so a sign-in as someone else never shows the last one's stars. */
export const agendaKeys = {
  all: ['agenda'] as const,
  event: (eventId: number | null, clientId: number | null) => [...agendaKeys.all, eventId, clientId] as const,
};

/**
 * The signed-in client's id, or null: the stars are a client's (a staff sign-in in the venue has
 * none, and its token opens no client route).
 */
export const useAgendaClient = (): number | null =>
  useAppState((state) => (state.auth.clientAuthenticated ? (state.auth.currentClient?.id ?? null) : null));

export const agendaQuery = (eventId: number | null, clientId: number | null) =>
  queryOptions<Agenda, ApiError>({
    queryKey: agendaKeys.event(eventId, clientId),
    queryFn: () => api.site.agenda.list(eventId as number),
    enabled: eventId !== null && clientId !== null,
    staleTime: FRESH_MS,
    retry: false,
  });

/** The ids of the lectures the signed-in client starred in this event; asks nothing without a client. */
export const useAgenda = (eventId: number | null) => useQuery(agendaQuery(eventId, useAgendaClient()));

interface StarChange {
  lectureId: number;
  starred: boolean;
}

/**
 * Stars or unstars a lecture. The star follows the click at once (the cached list is changed
 * before the call); a failure puts the list back and says so in a toast; either way the list is
 * asked again afterwards.
 */
export const useToggleStar = (eventId: number | null) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = agendaKeys.event(eventId, useAgendaClient());
  const showToast = useAppState((state) => state.showToast);
  return useMutation<AgendaMark, ApiError, StarChange, { previous: Agenda | undefined }>({
    mutationFn: ({ lectureId, starred }) => (starred ? api.site.agenda.star(lectureId) : api.site.agenda.unstar(lectureId)),
    onMutate: async ({ lectureId, starred }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Agenda>(key);
      const others = (previous?.lectureIds ?? []).filter((id) => id !== lectureId);
      queryClient.setQueryData<Agenda>(key, { lectureIds: starred ? [...others, lectureId] : others });
      return { previous };
    },
    onError: (_error, { starred }, context) => {
      queryClient.setQueryData<Agenda | undefined>(key, context?.previous);
      showToast(starred ? t('agenda.starFailed') : t('agenda.unstarFailed'), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
