import { describe, expect, it, vi } from 'vitest';
import { AxiosError, type AxiosRequestConfig } from 'axios';
import { createApiClient } from './index';
import { toApiError, toFormData, uploadConfig, uploadFraction } from './http';

describe('toFormData (multipart saves)', () => {
  it('leaves out undefined, sends null empty, numbers as text, booleans as 0/1 flags and files as files', () => {
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'foto.png', { type: 'image/png' });
    const form = toFormData({
      name: 'Congresso',
      eventId: 3,
      removeImage: false,
      published: true,
      endDate: null,
      imageFile: photo,
      bannerFile: undefined,
      tags: ['a', undefined, 'b'],
    });
    const keys: string[] = [];
    form.forEach((_value, key) => keys.push(key));
    expect(keys).toEqual(['name', 'eventId', 'removeImage', 'published', 'endDate', 'imageFile', 'tags', 'tags']);
    expect(form.get('eventId')).toBe('3');
    expect(form.get('removeImage')).toBe('0');
    expect(form.get('published')).toBe('1');
    expect(form.get('endDate')).toBe('');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    const file = form.get('imageFile');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('foto.png');
    expect(form.has('bannerFile')).toBe(false);
  });
});

describe('upload progress and cancellation', () => {
  it('turns progress events into a fraction from 0 to 1', () => {
    expect(uploadFraction({ loaded: 50, total: 200 })).toBe(0.25);
    expect(uploadFraction({ loaded: 50, total: 200, progress: 0.3 })).toBe(0.3);
    expect(uploadFraction({ loaded: 50, total: undefined })).toBe(0);
    expect(uploadFraction({ loaded: 300, total: 200 })).toBe(1);
  });

  it('gives a save with files no time limit, its signal and a progress callback in fractions', () => {
    const fractions: number[] = [];
    const controller = new AbortController();
    const config = uploadConfig({ onUploadProgress: (f) => fractions.push(f), signal: controller.signal });
    expect(config.timeout).toBe(0);
    expect(config.signal).toBe(controller.signal);
    config.onUploadProgress?.({ loaded: 10, total: 40, bytes: 10, lengthComputable: true });
    expect(fractions).toEqual([0.25]);
    expect(uploadConfig().onUploadProgress).toBeUndefined();
  });

  it('sends a FormData create with the progress, and a cancelled save fails with api.error.canceled', async () => {
    const client = createApiClient();
    const seen: AxiosRequestConfig[] = [];
    client.http.defaults.adapter = async (config) => {
      seen.push(config);
      config.onUploadProgress?.({ loaded: 5, total: 10, bytes: 5, lengthComputable: true });
      if (config.signal?.aborted) throw new (await import('axios')).CanceledError('aborted');
      return { data: { data: { id: 7 }, msg: 'api.created', status: 201 }, status: 201, statusText: 'Created', headers: {}, config };
    };
    const fractions: number[] = [];
    const body = toFormData({ name: 'Sala 1', eventId: 3 });
    const answer = await client.cms.speakers.create(body, { onUploadProgress: (f) => fractions.push(f) });
    expect(answer.msg).toBe('api.created');
    expect(seen[0].url).toBe('/api/cms/v1/speakers');
    expect(seen[0].method).toBe('post');
    expect(seen[0].data).toBe(body);
    expect(fractions).toEqual([0.5]);

    const controller = new AbortController();
    controller.abort();
    await expect(client.cms.events.update(3, toFormData({ name: 'x' }), { signal: controller.signal })).rejects.toMatchObject({
      status: 0,
      msg: 'api.error.canceled',
    });
  });

  it('reaches the event routes of the contract: private read, dependents, attendants', async () => {
    const client = createApiClient();
    const seen: AxiosRequestConfig[] = [];
    client.http.defaults.adapter = async (config) => {
      seen.push(config);
      return { data: { data: null, msg: 'api.ok', status: 200 }, status: 200, statusText: 'OK', headers: {}, config };
    };
    await client.cms.events.getPrivate(4);
    await client.cms.events.dependents(4);
    await client.cms.stands.attendants.list(9);
    await client.cms.stands.attendants.add(9, { userId: 2 });
    await client.cms.stands.attendants.remove(9, [5, 6]);
    expect(seen.map((c) => `${c.method?.toUpperCase()} ${c.url}`)).toEqual([
      'GET /api/cms/v1/events/private/4',
      'GET /api/cms/v1/events/4/dependents',
      'GET /api/cms/v1/stands/9/attendants',
      'POST /api/cms/v1/stands/9/attendants',
      'DELETE /api/cms/v1/stands/9/attendants',
    ]);
    expect(seen[4].params).toEqual({ ids: '5,6' });
  });
});

describe('toApiError without an answer (issue 17: the server down is not the visitor’s internet)', () => {
  const refused = () => new AxiosError('connect ECONNREFUSED', 'ERR_NETWORK');

  it('says the server cannot be reached when the browser is online, and that the visitor is offline when it is not', () => {
    vi.stubGlobal('navigator', { onLine: true });
    try {
      expect(toApiError(refused()).msg).toBe('api.error.network');
      vi.stubGlobal('navigator', { onLine: false });
      expect(toApiError(refused()).msg).toBe('api.error.offline');
      expect(toApiError(new Error('anything')).msg).toBe('api.error.offline');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the server’s key and status when there is an answer, online or not', () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const error = new AxiosError('busy', 'ERR_BAD_RESPONSE', undefined, undefined, {
        status: 503,
        data: { msg: 'api.error.unavailable', data: null, status: 503 },
      } as never);
      expect(toApiError(error)).toMatchObject({ status: 503, msg: 'api.error.unavailable' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
