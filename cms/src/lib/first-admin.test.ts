import { describe, expect, it } from 'vitest';
import { adminPasswordProblem, planFirstAdmin } from './first-admin';

describe("/admin's first administrator from the environment", () => {
  it('uses the variables when they are given (e-mail in lower case)', () => {
    const plan = planFirstAdmin({
      STRAPI_ADMIN_EMAIL: 'Conteudo@Exemplo.com.br',
      STRAPI_ADMIN_PASSWORD: 'Forte#Senha2026',
      NODE_ENV: 'production',
    });
    expect(plan).toEqual({
      kind: 'use',
      admin: { email: 'conteudo@exemplo.com.br', password: 'Forte#Senha2026', firstname: 'Administrador', lastname: 'Strapi' },
    });
  });

  it('generates one outside production when none is named', () => {
    const plan = planFirstAdmin({ NODE_ENV: 'development' });
    expect(plan.kind).toBe('generate');
    expect(plan.admin.email).toBe('admin@localhost.localdomain');
    expect(adminPasswordProblem(plan.admin.password)).toBeNull();
    expect(planFirstAdmin({}).admin.password).not.toBe(plan.admin.password);
  });

  it('refuses a production start without one, naming the variable', () => {
    expect(() => planFirstAdmin({ NODE_ENV: 'production' })).toThrow(/STRAPI_ADMIN_EMAIL/);
    expect(() => planFirstAdmin({ NODE_ENV: 'production', STRAPI_ADMIN_EMAIL: 'a@b.com' })).toThrow(/STRAPI_ADMIN_PASSWORD is not set/);
  });

  it('refuses a half-set, malformed or weak one anywhere', () => {
    expect(() => planFirstAdmin({ STRAPI_ADMIN_PASSWORD: 'Forte#Senha2026' })).toThrow(/STRAPI_ADMIN_EMAIL/);
    expect(() => planFirstAdmin({ STRAPI_ADMIN_EMAIL: 'não é e-mail', STRAPI_ADMIN_PASSWORD: 'Forte#Senha2026' })).toThrow(/not an e-mail/);
    expect(() => planFirstAdmin({ STRAPI_ADMIN_EMAIL: 'a@b.com', STRAPI_ADMIN_PASSWORD: 'senhafraca' })).toThrow(/too weak/);
    expect(adminPasswordProblem('Curta1')).toMatch(/8/);
    expect(adminPasswordProblem(`Aa1${'x'.repeat(70)}`)).toMatch(/72/);
  });
});
