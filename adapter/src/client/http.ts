import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { SITE_PREFIX } from '../routes';
import { ApiError, type Envelope } from '../envelope';
import { isMessageKey } from '../messages';
import type { ListOrder } from '../list-query';

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

/** A list request's page: `order` names one of the resource's order fields. */
export interface PageQuery<F extends string = string> {
  limit?: number;
  offset?: number;
  search?: string;
  order?: ListOrder<F>;
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

/** The transport every area of the client shares: one axios instance, the tokens, the envelope. */
export interface Http {
  /** The axios instance (the venue adds its response interceptors here). */
  http: AxiosInstance;
  /** The whole envelope of an answer, or an ApiError. */
  call<T>(config: AxiosRequestConfig): Promise<Envelope<T>>;
  /** Only the envelope's data, or an ApiError. */
  data<T>(config: AxiosRequestConfig): Promise<T>;
  /** The base URL given (empty for the same origin). */
  baseURL: string;
}

export const createHttp = (options: ApiClientOptions = {}): Http => {
  const tokens = options.tokens ?? noTokens;
  const baseURL = options.baseURL ?? '';
  const http: AxiosInstance = axios.create({ baseURL, timeout: options.timeoutMs ?? 20000 });

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

  return { http, call, data, baseURL };
};
