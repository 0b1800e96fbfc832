import { useMemo } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ApiError } from '@plataforma/adapter';
import { useAppState } from '../../shared/state/store';
import { pagePath } from '../halls/registry';
import type { OriginState } from '../session/RequireClient';

/** How long the marks are taken as fresh: they change only from this browser's own clicks (which update them at once). */
const FRESH_MS = 5 * 60_000;

/**
 * One kind of a client's marks on an event's content (decision 034): the programme's stars on
 * lectures, the directory's hearts on stands. `List` is the API's answer (`{lectureIds}`).
 */
export interface MarkKind<List> {
  /** The query keys' root: the keys are per event and per client, so a sign-in as someone else never shows the last one's marks. */
  key: string;
  list: (eventId: number) => Promise<List>;
  mark: (id: number) => Promise<unknown>;
  unmark: (id: number) => Promise<unknown>;
  /** The marked ids of an answer, and an answer of ids (the optimistic one). */
  idsOf: (list: List) => number[];
  listOf: (ids: number[]) => List;
  /** The toast's message keys when a mark, or an unmark, is refused. */
  markFailed: string;
  unmarkFailed: string;
}

/**
 * The signed-in client's id, or null: the marks are a client's (a staff sign-in in the venue has
 * none, and its token opens no client route), and only a full session's — a soft one (an e-mail
 * only) reads and writes none (issue 47, item 5, decision 101).
 */
export const useMarkingClient = (): number | null =>
  useAppState((state) =>
    state.auth.clientAuthenticated && !state.auth.currentClient?.soft ? (state.auth.currentClient?.id ?? null) : null,
  );

/** Whether the signed-in client's session is soft (an e-mail only): its marks need the password (decision 101). */
const useSoftClient = (): boolean => useAppState((state) => state.auth.clientAuthenticated && Boolean(state.auth.currentClient?.soft));

export const marksKey = (kind: MarkKind<unknown>, eventId: number | null, clientId: number | null) =>
  [kind.key, eventId, clientId] as const;

export const marksQuery = <List>(kind: MarkKind<List>, eventId: number | null, clientId: number | null) =>
  queryOptions<List, ApiError>({
    queryKey: marksKey(kind as MarkKind<unknown>, eventId, clientId),
    queryFn: () => kind.list(eventId as number),
    enabled: eventId !== null && clientId !== null,
    staleTime: FRESH_MS,
    retry: false,
  });

/** The signed-in client's marks in this event; asks nothing without a client. */
export const useMarkList = <List>(kind: MarkKind<List>, eventId: number | null) => useQuery(marksQuery(kind, eventId, useMarkingClient()));

interface MarkChange {
  id: number;
  on: boolean;
}

/**
 * A page's toggles of one kind of marks: the marks (`query`, and `marked` as a set), whether a
 * client is signed in, and `toggle(id)`. A client's click marks or unmarks at once (the cached
 * list is changed before the call); a failure puts the list back and says so in a toast; either
 * way the list is asked again afterwards. A visitor's click goes to the soft login, and back to
 * this page afterwards; a soft session's to the full sign-in (`/entrar`), and back. `kind` is a module constant.
 */
export const useMarks = <List>(kind: MarkKind<List>, eventId: number | null) => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const showToast = useAppState((state) => state.showToast);
  const clientId = useMarkingClient();
  const soft = useSoftClient();
  const signedIn = clientId !== null;
  const query = useQuery(marksQuery(kind, eventId, clientId));
  const marked = useMemo(() => new Set(query.data ? kind.idsOf(query.data) : []), [kind, query.data]);
  const key = marksKey(kind as MarkKind<unknown>, eventId, clientId);

  const change = useMutation<unknown, ApiError, MarkChange, { previous: List | undefined }>({
    mutationFn: ({ id, on }) => (on ? kind.mark(id) : kind.unmark(id)),
    onMutate: async ({ id, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<List>(key);
      const others = (previous ? kind.idsOf(previous) : []).filter((other) => other !== id);
      queryClient.setQueryData<List>(key, kind.listOf(on ? [...others, id] : others));
      return { previous };
    },
    onError: (_error, { on }, context) => {
      queryClient.setQueryData<List | undefined>(key, context?.previous);
      showToast(t(on ? kind.markFailed : kind.unmarkFailed), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const toggle = (id: number) => {
    if (soft) {
      // A soft session's click asks for the password, and comes back here.
      navigate(`/entrar?voltar=${encodeURIComponent(location.pathname + location.search)}&motivo=marcas`);
      return;
    }
    if (!signedIn) {
      const state: OriginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
      navigate(pagePath(slug, 'entrance'), { state });
      return;
    }
    change.mutate({ id, on: !marked.has(id) });
  };

  return { query, marked, signedIn, toggle };
};
