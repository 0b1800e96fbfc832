import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { ApiError, type Envelope, type ListResult } from '../envelope';
import { isMessageKey } from '../messages';
import { toListParams, type ListOrder } from '../list-query';
import { SITE_PREFIX } from '../routes';
import type { Event, Media, PageView, PageViewInput, Room, Sponsor, Stand } from '../entities';

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
    if (isMessageKey(msg)) return new ApiError(status, msg);
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
    languages: {
      /** URL of a language pack file with a cache-busting parameter. */
      url: (code: string, bust: string | number = Date.now()) =>
        `${options.baseURL ?? ''}${SITE_PREFIX}/languages/${encodeURIComponent(code)}?v=${encodeURIComponent(String(bust))}`,
    },
  };

  return { http, call, site };
};

export type ApiClient = ReturnType<typeof createApiClient>;
