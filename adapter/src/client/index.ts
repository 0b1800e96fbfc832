import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { ApiError, type Envelope, type ListResult } from '../envelope';
import { isMessageKey } from '../messages';
import { toListParams, type ListOrder } from '../list-query';
import { AUTH_PREFIX, CMS_PREFIX, SITE_PREFIX } from '../routes';
import type {
  ContactInput,
  Event,
  Lecture,
  Media,
  NetworkPerson,
  PageView,
  PageViewInput,
  Product,
  Room,
  RoomDay,
  Sponsor,
  Stand,
  StandContactInput,
} from '../entities';
import type {
  ChangePasswordInput,
  CheckSmsInput,
  LoginAnswer,
  LoginInput,
  RecoveryInput,
  SessionClient,
  StaffUser,
  TokenAnswer,
} from '../auth';

export interface TokenSource {
  /** Staff token, sent on every path but the site API (SPEC §6). */
  staffToken(): string | null;
  /** Client token, sent on /api/site/v1 paths. */
  clientToken(): string | null;
}

export interface ApiClientOptions {
  /** Empty for the same origin. */
  baseURL?: string;
  tokens?: TokenSource;
  timeoutMs?: number;
}

export interface PageQuery {
  limit?: number;
  offset?: number;
  search?: string;
  order?: ListOrder;
}

const noTokens: TokenSource = { staffToken: () => null, clientToken: () => null };

/** Turns any failure into an ApiError carrying the server's status and message key. */
export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const status = error.response?.status ?? 0;
    const body: unknown = error.response?.data;
    const msg = typeof body === 'object' && body !== null ? (body as { msg?: unknown }).msg : undefined;
    const data = typeof body === 'object' && body !== null ? ((body as { data?: unknown }).data ?? null) : null;
    if (isMessageKey(msg)) return new ApiError(status, msg, {}, data);
    if (status === 503) return new ApiError(503, 'api.error.unavailable');
    if (status >= 500) return new ApiError(status, 'api.error.internal');
    if (status === 0) return new ApiError(0, 'api.error.network');
    return new ApiError(status, 'api.error.invalidQuery');
  }
  return new ApiError(0, 'api.error.network');
};

/**
 * The one typed client the venue calls. Each method answers the envelope's data, or
 * throws an ApiError with the status and the message key.
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  const tokens = options.tokens ?? noTokens;
  const http: AxiosInstance = axios.create({ baseURL: options.baseURL ?? '', timeout: options.timeoutMs ?? 20000 });

  http.interceptors.request.use((config) => {
    const url = config.url ?? '';
    const token = url.startsWith(SITE_PREFIX) ? tokens.clientToken() : tokens.staffToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  const call = async <T>(config: AxiosRequestConfig): Promise<Envelope<T>> => {
    try {
      const response = await http.request<Envelope<T>>(config);
      return response.data;
    } catch (error) {
      throw toApiError(error);
    }
  };
  const data = async <T>(config: AxiosRequestConfig): Promise<T> => (await call<T>(config)).data;

  const auth = {
    login: (input: LoginInput) => call<LoginAnswer>({ method: 'POST', url: `${AUTH_PREFIX}/login`, data: input }),
    checkSms: (input: CheckSmsInput) =>
      call<TokenAnswer<StaffUser | SessionClient>>({ method: 'POST', url: `${AUTH_PREFIX}/check/sms`, data: input }),
    recovery: (input: RecoveryInput) => call<null>({ method: 'POST', url: `${AUTH_PREFIX}/password/recovery`, data: input }),
    changePassword: (input: ChangePasswordInput) =>
      call<TokenAnswer<StaffUser | SessionClient>>({ method: 'POST', url: `${AUTH_PREFIX}/password/change`, data: input }),
    /** Ends the session of the token given (staff or client). */
    logout: (token: string) => call<null>({ method: 'GET', url: `${AUTH_PREFIX}/logout`, headers: { Authorization: `Bearer ${token}` } }),
    softLogin: (email: string) => call<TokenAnswer<SessionClient>>({ method: 'POST', url: `${AUTH_PREFIX}/soft/login`, data: { email } }),
  };

  /** A back-office resource under /api/cms/v1 (list, get, create, update, delete by ids). */
  const resource = <Row, Input = Partial<Row>>(path: string) => ({
    list: (query: PageQuery = {}, filters: Record<string, string | number> = {}) =>
      data<ListResult<Row>>({ method: 'GET', url: `${CMS_PREFIX}${path}`, params: { ...filters, ...toListParams(query) } }),
    get: (id: number) => data<Row>({ method: 'GET', url: `${CMS_PREFIX}${path}/${id}` }),
    create: (input: Input) => call<Row>({ method: 'POST', url: `${CMS_PREFIX}${path}`, data: input }),
    update: (id: number, input: Partial<Input>) => call<Row>({ method: 'PUT', url: `${CMS_PREFIX}${path}/${id}`, data: input }),
    remove: (ids: number[]) =>
      call<{ ids: number[]; count: number }>({ method: 'DELETE', url: `${CMS_PREFIX}${path}`, params: { ids: ids.join(',') } }),
  });

  const cms = {
    me: () => data<StaffUser>({ method: 'GET', url: `${CMS_PREFIX}/users/me` }),
    resource,
  };

  const site = {
    events: {
      get: (id: number, opts: { foreign?: boolean } = {}) =>
        data<Event>({ method: 'GET', url: `${SITE_PREFIX}/events/${id}`, params: opts.foreign ? { foreign: 1 } : undefined }),
    },
    stands: {
      list: (eventId: number, query: PageQuery = {}) =>
        data<ListResult<Stand>>({ method: 'GET', url: `${SITE_PREFIX}/stands`, params: { eventId, ...toListParams(query) } }),
      get: (id: number) => data<Stand>({ method: 'GET', url: `${SITE_PREFIX}/stands/${id}` }),
    },
    rooms: {
      list: (eventId: number, query: PageQuery = {}) =>
        data<ListResult<Room>>({ method: 'GET', url: `${SITE_PREFIX}/rooms`, params: { eventId, ...toListParams(query) } }),
      get: (id: number) => data<Room>({ method: 'GET', url: `${SITE_PREFIX}/rooms/${id}` }),
      /** The event's days with the room's lectures of each (the room-per-date screen). */
      schedule: (id: number) => data<RoomDay[]>({ method: 'GET', url: `${SITE_PREFIX}/rooms/${id}/schedule` }),
    },
    lectures: {
      /** A room's lectures of one day (YYYY-MM-DD), in start order. */
      me: (query: { roomId: number; startDate: string; order?: string; foreign?: boolean }) =>
        data<ListResult<Lecture>>({
          method: 'GET',
          url: `${SITE_PREFIX}/lectures/me`,
          params: {
            roomId: query.roomId,
            startDate: query.startDate,
            order: query.order ?? 'startTime:asc',
            ...(query.foreign ? { foreign: 1 } : {}),
          },
        }),
      event: (eventId: number, opts: { foreign?: boolean } = {}) =>
        data<ListResult<Lecture>>({
          method: 'GET',
          url: `${SITE_PREFIX}/lectures/event/${eventId}`,
          params: opts.foreign ? { foreign: 1 } : undefined,
        }),
      get: (id: number) => data<Lecture>({ method: 'GET', url: `${SITE_PREFIX}/lectures/${id}` }),
    },
    products: {
      list: (standId: number, query: PageQuery = {}) =>
        data<ListResult<Product>>({ method: 'GET', url: `${SITE_PREFIX}/products`, params: { standId, ...toListParams(query) } }),
    },
    contacts: {
      stand: (input: StandContactInput) => call<{ id: number }>({ method: 'POST', url: `${SITE_PREFIX}/contacts/stand`, data: input }),
      send: (input: ContactInput) => call<{ id: number }>({ method: 'POST', url: `${SITE_PREFIX}/contacts`, data: input }),
    },
    sponsors: {
      list: (eventId: number, query: PageQuery = {}) =>
        data<ListResult<Sponsor>>({ method: 'GET', url: `${SITE_PREFIX}/sponsors`, params: { eventId, ...toListParams(query) } }),
    },
    medias: {
      list: (standId: number, query: PageQuery = {}) =>
        data<ListResult<Media>>({ method: 'GET', url: `${SITE_PREFIX}/medias`, params: { standId, ...toListParams(query) } }),
    },
    pageViews: {
      create: (input: PageViewInput) => data<PageView>({ method: 'POST', url: `${SITE_PREFIX}/page-views`, data: input }),
    },
    networks: {
      list: (eventId: number, query: { offset?: number; size?: number; search?: string } = {}) =>
        data<ListResult<NetworkPerson>>({ method: 'GET', url: `${SITE_PREFIX}/networks/${eventId}`, params: query }),
      consent: () => data<{ listed: boolean }>({ method: 'GET', url: `${SITE_PREFIX}/networks/consent` }),
      setConsent: (listed: boolean) =>
        data<{ listed: boolean }>({ method: 'PUT', url: `${SITE_PREFIX}/networks/consent`, data: { listed } }),
    },
    languages: {
      /** URL of a language pack file with a cache-busting parameter. */
      url: (code: string, bust: string | number = Date.now()) =>
        `${options.baseURL ?? ''}${SITE_PREFIX}/languages/${encodeURIComponent(code)}?v=${encodeURIComponent(String(bust))}`,
    },
  };

  return { http, call, auth, cms, site };
};

export type ApiClient = ReturnType<typeof createApiClient>;
