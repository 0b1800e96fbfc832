import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiError,
  CalendarFeedCreated,
  CalendarFeedStatus,
  ClientErasureInput,
  ClientPasswordChange,
  ClientPhoneConfirm,
  ClientPhoneRequest,
  ClientProfile,
  ClientRegisterInput,
  Event,
  ListResult,
  SessionClient,
} from '@plataforma/adapter';
import { ApiError as ApiFailure } from '@plataforma/adapter/envelope';
import { api } from '../../shared/api';
import { saveBlob } from '../../shared/download';
import { clientToken, useAppState } from '../../shared/state/store';

/**
 * The signed-in client's own account (SPEC §5, /perfil, /cadastro, /entrar, /recuperar-senha):
 * query keys, reads, and the writes the account screens make. The networking room's listing is
 * the network's own resource (`shared/network/api.ts`: one key for it).
 */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  events: () => [...accountKeys.all, 'events'] as const,
  calendarFeed: () => [...accountKeys.all, 'calendarFeed'] as const,
};

/** The client's profile (GET /clients/me). */
export const profileQuery = () =>
  queryOptions<ClientProfile, ApiError>({ queryKey: accountKeys.profile(), queryFn: () => api.site.clients.me() });
export const useProfile = () => useQuery(profileQuery());

/** 'Meus eventos': the events the client entered (GET /events/me). */
export const useMyEvents = () =>
  useQuery<ListResult<Event>, ApiError>({ queryKey: accountKeys.events(), queryFn: () => api.site.events.me() });

/** What PUT /clients/me takes: the changed fields ('' clears one), and the current password with a new e-mail. */
export type ProfileChanges = Parameters<typeof api.site.clients.update>[0];

/** The header and the stored session show the client's name and e-mail: they follow a change. */
const followInSession = (fresh: ClientProfile) => {
  const state = useAppState.getState();
  const current = state.auth.currentClient;
  const token = clientToken();
  if (current && token && (current.email !== fresh.email || current.name !== fresh.name))
    state.signIn({ ...current, email: fresh.email, name: fresh.name }, 'client', token);
};

/**
 * Saves the profile's changes; once saved, the profile is read again (its answer handed to
 * `onSaved`) and the session follows a new name or e-mail. `onError` passes through.
 */
export const useUpdateProfile = ({ onSaved }: { onSaved: (fresh: ClientProfile) => void }) => {
  const queries = useQueryClient();
  return useMutation<unknown, ApiError, ProfileChanges>({
    mutationFn: (changes) => api.site.clients.update(changes),
    onSuccess: async () => {
      const fresh = await queries.fetchQuery(profileQuery());
      onSaved(fresh);
      followInSession(fresh);
    },
  });
};

/** 'Trocar senha': the server ends the client's other sessions. */
export const changePassword = (input: ClientPasswordChange) => api.site.clients.changePassword(input);

/** The phone's change or removal: a code by SMS first, then the code confirms it (the profile's answer is kept). */
export const useAskPhoneChange = () =>
  useMutation<{ attemptId: string; sentTo: string }, ApiError, ClientPhoneRequest>({
    mutationFn: async (input) => (await api.site.clients.askPhoneChange(input)).data,
  });
export const useConfirmPhoneChange = () => {
  const queries = useQueryClient();
  return useMutation<ClientProfile, ApiError, ClientPhoneConfirm>({
    mutationFn: async (input) => (await api.site.clients.confirmPhoneChange(input)).data,
    onSuccess: (profile) => queries.setQueryData(accountKeys.profile(), profile),
  });
};

/** 'Baixar meus dados': everything the server holds about the client, saved as a JSON file (LGPD, decision 031). */
export const downloadMyData = async (): Promise<void> => {
  const everything = await api.site.clients.myData();
  saveBlob(JSON.stringify(everything, null, 2), 'application/json', 'meus-dados-plataforma.json');
};

/** 'Excluir minha conta' (decision 032). */
export const eraseAccount = (input: ClientErasureInput) => api.site.clients.erase(input);

/** /cadastro: the new client, signed in by the server. */
export const registerClient = async (input: ClientRegisterInput) => (await api.site.clients.register(input)).data;

/** /entrar's first step: signed in at once (no phone), or an SMS code asked for. */
export type SignInStep = { done: true; account: SessionClient; token: string } | { done: false; attemptId: string };

export const signInWithPassword = async (email: string, password: string): Promise<SignInStep> => {
  const answer = (await api.auth.login({ email, password, type: 'client' })).data;
  if (!answer.sms) return { done: true, account: answer.client, token: answer.token };
  if (answer.firstAccess || !answer.attemptId) throw new ApiFailure(400, 'auth.error.invalidCode');
  return { done: false, attemptId: answer.attemptId };
};

/** /entrar's second step: the SMS code of the attempt. */
export const signInWithCode = async (email: string, code: string, attemptId: string) => {
  const answer = (await api.auth.checkSms({ email, code, type: 'client', attemptId })).data;
  return { account: answer.account as SessionClient, token: answer.token };
};

/** /recuperar-senha: the code by SMS, then the new password with it (the server signs the client in). */
export const askRecoveryCode = (email: string) => api.auth.recovery({ email, type: 'client' });
export const recoverPassword = async (input: { email: string; code: string; password1: string; password2: string }) => {
  const answer = (await api.auth.changePassword({ ...input, type: 'client' })).data;
  return { account: answer.account as SessionClient, token: answer.token };
};

/** 'Assinar no calendário' (decision 108): whether the client has a calendar feed of 'Minha agenda', and since when. */
export const useCalendarFeed = () =>
  useQuery<CalendarFeedStatus, ApiError>({ queryKey: accountKeys.calendarFeed(), queryFn: () => api.site.calendars.feed() });

/**
 * A new secret URL of the feed (any earlier one stops working): the answer carries the URL, shown
 * this once; the status follows. `onSuccess` and `onError` pass through.
 */
export const useCreateCalendarFeed = (
  options: { onSuccess?: (created: CalendarFeedCreated) => void; onError?: (error: ApiError) => void } = {},
) => {
  const queries = useQueryClient();
  return useMutation<CalendarFeedCreated, ApiError, void>({
    mutationFn: async () => (await api.site.calendars.createFeed()).data,
    onSuccess: (created) => {
      queries.setQueryData<CalendarFeedStatus>(accountKeys.calendarFeed(), { active: true, createdAt: created.createdAt });
      options.onSuccess?.(created);
    },
    onError: options.onError,
  });
};

/** Revokes the feed: its URL answers 404 at once. `onSuccess` and `onError` pass through. */
export const useRevokeCalendarFeed = (options: { onSuccess?: () => void; onError?: (error: ApiError) => void } = {}) => {
  const queries = useQueryClient();
  return useMutation<unknown, ApiError, void>({
    mutationFn: () => api.site.calendars.revokeFeed(),
    onSuccess: () => {
      queries.setQueryData<CalendarFeedStatus>(accountKeys.calendarFeed(), { active: false, createdAt: null });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
};
