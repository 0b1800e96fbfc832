import axios, { AxiosError, type AxiosInstance, type AxiosProgressEvent, type AxiosRequestConfig } from 'axios';
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

/** How a save that carries files is followed and stopped: its progress (0..1) and a signal that cancels it. */
export interface UploadOptions {
  /** The fraction of the request body sent so far, 0 to 1 (from the browser's upload progress events). */
  onUploadProgress?: (fraction: number) => void;
  /** Aborting it cancels the request; the call then fails with `api.error.canceled` (status 0). */
  signal?: AbortSignal;
}

/** The fraction sent of an upload progress event (0 when the total is unknown). */
export const uploadFraction = (event: Pick<AxiosProgressEvent, 'loaded' | 'total' | 'progress'>): number => {
  const fraction = event.progress ?? (event.total ? event.loaded / event.total : 0);
  return Math.min(1, Math.max(0, fraction));
};

/**
 * The request options of a save with files: progress and cancellation, and no time limit (a
 * 200 MB video takes longer than the client's usual 20 s).
 */
export const uploadConfig = (options: UploadOptions = {}): AxiosRequestConfig => ({
  timeout: 0,
  signal: options.signal,
  onUploadProgress: options.onUploadProgress ? (event: AxiosProgressEvent) => options.onUploadProgress?.(uploadFraction(event)) : undefined,
});

/** A value of a multipart form: files go as they are, the rest as text; undefined is left out. */
export type FormDataValue = string | number | boolean | Blob | null | undefined;

/**
 * The multipart body of a save from a plain object: undefined (a field not sent, a file not
 * chosen) is left out; null is sent empty (the field is cleared); numbers as their text;
 * booleans as the flags '1' and '0' (SPEC §9); a File or Blob as the file part.
 */
export const toFormData = (values: Record<string, FormDataValue | readonly FormDataValue[]>): FormData => {
  const form = new FormData();
  const append = (key: string, value: FormDataValue) => {
    if (value === undefined) return;
    if (value === null) form.append(key, '');
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (typeof value === 'number') form.append(key, String(value));
    else if (typeof value === 'string') form.append(key, value);
    else if (typeof File !== 'undefined' && value instanceof File) form.append(key, value, value.name);
    else form.append(key, value);
  };
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value as readonly FormDataValue[]) append(key, item);
    else append(key, value as FormDataValue);
  }
  return form;
};

/**
 * No answer at all: the visitor's own connection is down ('api.error.offline', when the browser
 * knows it is offline), or the server cannot be reached ('api.error.network': not the visitor's fault).
 */
const unreachable = (): ApiError =>
  new ApiError(0, typeof navigator !== 'undefined' && navigator.onLine === false ? 'api.error.offline' : 'api.error.network');

/** Turns any failure into an ApiError carrying the server's status and message key. */
export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError(0, 'api.error.canceled');
  if (error instanceof AxiosError) {
    const status = error.response?.status ?? 0;
    const body: unknown = error.response?.data;
    const msg = typeof body === 'object' && body !== null ? (body as { msg?: unknown }).msg : undefined;
    const data = typeof body === 'object' && body !== null ? ((body as { data?: unknown }).data ?? null) : null;
    if (isMessageKey(msg)) return new ApiError(status, msg, {}, data);
    if (status === 503) return new ApiError(503, 'api.error.unavailable');
    if (status >= 500) return new ApiError(status, 'api.error.internal');
    if (status === 0) return unreachable();
    return new ApiError(status, 'api.error.invalidQuery');
  }
  return unreachable();
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
