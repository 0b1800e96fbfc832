import { describe, expect, it } from 'vitest';
import { accessFor, CMS_ACCESS, rolesFor } from './access';

describe('CMS_ACCESS', () => {
  it('gives the back office screens their staff roles', () => {
    expect(rolesFor('GET /users')).toEqual(['admin']);
    expect(rolesFor('GET /stands')).toEqual(['admin', 'attendant']);
    expect(rolesFor('GET /users/me')).toEqual(['admin', 'attendant']);
    expect(rolesFor('GET /contacts')).toEqual(['admin']);
  });

  it('names only staff roles on /api/cms/v1, and nothing for an unknown route', () => {
    for (const roles of Object.values(CMS_ACCESS)) for (const role of roles) expect(['admin', 'attendant']).toContain(role);
    expect(accessFor('GET /logs/:id')).toEqual(['admin']);
    expect(accessFor('GET /secrets')).toBeUndefined();
    expect(accessFor('toString')).toBeUndefined();
  });
});
