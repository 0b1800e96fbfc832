import { describe, expect, it } from 'vitest';
import { checkRuled, isHidden } from './ruled-check';

const HIDDEN = { pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } } };

describe('the start-up check of the stock paths (decision 077)', () => {
  const types = {
    'api::stand.stand': { pluginOptions: {} },
    'api::session.session': HIDDEN,
    'api::note.note': { pluginOptions: {} },
    'api::half.half': { pluginOptions: { 'content-manager': { visible: false } } },
    'api::served.served': HIDDEN,
    'plugin::users-permissions.user': { pluginOptions: {} },
  };
  const routed = (uid: string) => uid === 'api::served.served' || uid === 'api::stand.stand';

  it('names every product type that is neither ruled nor hidden, and only those', () => {
    expect(checkRuled(types, routed, [{ uid: 'api::stand.stand' }])).toEqual({
      unruled: ['api::half.half', 'api::note.note', 'api::served.served'],
      unknown: [],
    });
  });

  it('passes when each is ruled, read only or hidden, and names rules of types that do not exist', () => {
    const ruled = ['api::stand.stand', 'api::note.note', 'api::half.half', 'api::served.served', 'api::gone.gone'].map((uid) => ({ uid }));
    expect(checkRuled(types, routed, ruled)).toEqual({ unruled: [], unknown: ['api::gone.gone'] });
  });

  it('takes a type as hidden only when neither stock tool lists it and no content-API route serves it', () => {
    expect(isHidden(HIDDEN, false)).toBe(true);
    expect(isHidden(HIDDEN, true)).toBe(false);
    expect(isHidden({ pluginOptions: { 'content-type-builder': { visible: false } } }, false)).toBe(false);
    expect(isHidden({}, false)).toBe(false);
  });
});
