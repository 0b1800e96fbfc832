import type { AccessRole, StaffRole } from '@plataforma/adapter';

/** Who is calling, as the auth strategy found them (ctx.state.auth.credentials). */
export type Identity =
  | { kind: 'staff'; id: number; name: string; email: string; role: StaffRole; jti: string }
  | {
      kind: 'client';
      id: number;
      name: string;
      email: string;
      soft: boolean;
      jti: string;
      /** When the session began (ms): a soft session sees only the chat messages written since (decision 101). */
      startedAt?: number;
    };

export const roleOf = (identity: Identity): AccessRole =>
  identity.kind === 'staff' ? identity.role : identity.soft ? 'soft-client' : 'client';

export const identityOf = (state: Record<string, unknown>): Identity | null => {
  const auth = state.auth as { credentials?: Identity } | undefined;
  return auth?.credentials ?? null;
};
