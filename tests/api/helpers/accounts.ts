import fs from 'node:fs';
import bcrypt from 'bcryptjs';
import type { Core } from '@strapi/strapi';

export const PASSWORD = 'Senha#Forte2026';

let counter = 0;
const nextPhone = () => `9${String(10_000_000 + (counter += 1) * 7919).slice(-8)}`;

export interface TestAccount {
  id: number;
  email: string;
  phone: string;
  e164: string;
}

export const createStaff = async (
  strapi: Core.Strapi,
  {
    role = 'admin',
    email,
    firstAccess = false,
    phone = nextPhone(),
  }: { role?: 'admin' | 'attendant'; email?: string; firstAccess?: boolean; phone?: string } = {},
): Promise<TestAccount> => {
  const address = email ?? `${role}${(counter += 1)}@exemplo.com.br`;
  const row = (await strapi.db.query('api::staff-user.staff-user').create({
    data: {
      name: `Pessoa ${role}`,
      email: address,
      role,
      ddi: '55',
      ddd: '11',
      phone,
      firstAccess,
      password: bcrypt.hashSync(PASSWORD, 4),
    },
  })) as { id: number };
  return { id: row.id, email: address, phone, e164: `+5511${phone}` };
};

export const createClient = async (
  strapi: Core.Strapi,
  { email, phone }: { email?: string; phone?: string | null } = {},
): Promise<TestAccount> => {
  const address = email ?? `cliente${(counter += 1)}@exemplo.com.br`;
  const digits = phone === undefined ? nextPhone() : phone;
  const row = (await strapi.db.query('api::client.client').create({
    data: {
      name: 'Cliente Teste',
      email: address,
      ddi: '55',
      ddd: digits ? '21' : null,
      phone: digits,
      password: bcrypt.hashSync(PASSWORD, 4),
    },
  })) as { id: number };
  return { id: row.id, email: address, phone: digits ?? '', e164: digits ? `+5521${digits}` : '' };
};

/** Messages the outbox sender wrote, oldest first. */
export const outbox = (file: string): Array<{ phone: string; text: string; time: string }> =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

/** The digits of the last code sent to a phone. */
export const lastCode = (file: string, phone: string): string => {
  const message = outbox(file)
    .filter((m) => m.phone === phone)
    .pop();
  const match = message && /(\d{4,10})/.exec(message.text);
  if (!match) throw new Error(`no code was sent to ${phone}`);
  return match[1];
};
