import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { ApiError, type MessageKey } from '@plataforma/adapter';
import type { z } from 'zod';
import { logActivity, type ActivityEntry } from '../activity/log';
import { identityOf } from '../auth/identity';
import { describeChange, type ChangeAction, type Labels } from '../http/changes';
import { longColumns } from '../http/columns';
import { timeOnly } from '../lib/wire';
import { linkOf, resolveLink } from './links';

/** A to-one link of a type (a relation or a single media) as its rules read it. */
export interface LinkRule {
  /** The target's uid ('plugin::upload.file' for media). */
  target: string;
  /** The contract's field that carries the link's id ('eventId'); none for files (multipart parts on /api/cms/v1). */
  field?: string;
  /** The key said when the write leaves the type without it (SPEC's required image, a stand's event). */
  required?: MessageKey;
  /** The key said when the target does not exist. */
  notFound?: MessageKey;
}

/** What the product's own checks are told beside the input. */
export interface CheckContext {
  /** The row being changed; null on create and clone. */
  id: number | null;
}

/**
 * One type's rules as every write path applies them. The product's routes (`/api/cms/v1`) parse
 * with the same zod schemas and run the same `check` in their own handlers; this definition
 * adds only what the document shape needs (links by id or documentId, stored values in their
 * stored form) so the Content Manager and the content API are held to them too.
 */
export interface DocumentRules {
  uid: string;
  labels: Labels;
  /** The activity log's action prefix, the one the product's routes use ('stands'). */
  logAction: string;
  /** The contract's schemas of a create and of an update (the back office's forms). */
  create: z.ZodType;
  update: z.ZodType;
  /** The type's to-one links, by attribute. */
  links?: Record<string, LinkRule>;
  /** Attribute values in the form the contract reads them (a stored time 'HH:mm:ss.SSS' → 'HH:mm:ss'), by attribute. */
  fields?: Record<string, (value: unknown) => unknown>;
  /** The product's own rules beyond the schema: throw the ApiError the product's route answers. */
  check?: (strapi: Core.Strapi, input: Record<string, unknown>, context: CheckContext) => Promise<void>;
  /** The attribute each key of `check` is about, so the form shows it beside the field. */
  keyFields?: Partial<Record<MessageKey, string>>;
  /**
   * Attributes only the product's own moves write (a coupon's reserved uses), with the key that
   * refuses a write changing one. A new row (create, clone) starts from `initial`.
   */
  counters?: Record<string, { key: MessageKey; initial: number }>;
  /** The product's own rule before a delete (orders name the row): throw the ApiError its route answers. */
  beforeDelete?: (strapi: Core.Strapi, id: number) => Promise<void>;
  /** Puts a write's values in their stored form before they are checked and written (a text trimmed). */
  normalize?: (data: Record<string, unknown>) => void;
  /**
   * What the type keeps in step after a write, in the write's transaction (a chat's last message):
   * `ids` the rows written, `stored` the row before an update or a delete. Throw the ApiError the
   * product's route answers to refuse the write (nothing of it is kept).
   */
  after?: (
    strapi: Core.Strapi,
    write: { action: 'create' | 'update' | 'clone' | 'delete'; ids: number[]; stored: StoredRow | null },
  ) => Promise<void>;
}

/** A stored time ('HH:mm:ss.SSS', as the Content Manager sends it) as the contract reads it ('HH:mm:ss'). */
export const wireTime = (value: unknown): unknown => (typeof value === 'string' && value !== '' ? timeOnly(value) : value);

/** A value the contract takes as absent when Strapi sends null for it (an attribute with a default). */
export const nullAsAbsent = (value: unknown): unknown => (value === null ? undefined : value);

/** An attribute the contract has no field for on this path (a file where the form takes a link). */
export const ignored = (): undefined => undefined;

interface Problem {
  path: string[];
  message: string;
}

/** Refuses a write in Strapi's error shape: 400 ValidationError, one entry per field in `details.errors`. */
const refuse = (problems: Problem[]): never => {
  const seen = new Set<string>();
  const unique = problems.filter((problem) => {
    const key = problem.path.join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  throw new errors.ValidationError(unique[0].message, {
    errors: unique.map((problem) => ({ path: problem.path, message: problem.message, name: 'ValidationError' })),
  });
};

/**
 * A type no stock tool writes (orders, their items, payments: decision 051): on a request, every
 * document service action but a read is refused with `readOnly`'s text, nothing stored.
 */
export interface ReadOnlyType {
  uid: string;
  readOnly: MessageKey;
}

/** The document service's reads; a read-only type refuses every other action (write, clone, publish…). */
const READS: readonly string[] = ['findOne', 'findMany', 'findFirst', 'count'];

export type StoredRow = { id: number } & Record<string, unknown>;

const findStored = async (strapi: Core.Strapi, rules: DocumentRules, documentId: string): Promise<StoredRow | null> =>
  (await strapi.db.query(rules.uid as Parameters<Core.Strapi['db']['query']>[0]).findOne({
    where: { documentId },
    select: ['id', ...Object.keys(rules.counters ?? {})],
    populate: Object.fromEntries(Object.keys(rules.links ?? {}).map((attribute) => [attribute, { select: ['id'] }])),
  })) as StoredRow | null;

/**
 * Checks a write's data against the type's rules: the document is mapped to the contract's input
 * (links to ids, stored forms to the wire's), parsed by the contract's schema, and given to the
 * product's own checks. `stored` is the row an update changes or a clone copies.
 */
const enforce = async (
  strapi: Core.Strapi,
  ptText: (key: MessageKey) => string,
  rules: DocumentRules,
  data: Record<string, unknown>,
  stored: StoredRow | null,
  mode: 'create' | 'update' | 'clone',
): Promise<void> => {
  const problems: Problem[] = [];
  for (const [attribute, counter] of Object.entries(rules.counters ?? {})) {
    const value = data[attribute];
    const kept = mode === 'update' ? Number(stored?.[attribute] ?? 0) : counter.initial;
    // A clone's form carries the copied row's count: the new row starts from nothing all the same.
    const copied = mode === 'clone' && Number(value ?? 0) === Number(stored?.[attribute] ?? 0);
    if (value !== undefined && value !== null && Number(value) !== kept && !copied)
      problems.push({ path: [attribute], message: ptText(counter.key) });
    if (mode === 'update') delete data[attribute];
    else data[attribute] = counter.initial;
  }
  const attributeOf = new Map<string, string>();
  const input: Record<string, unknown> = {};
  const links = rules.links ?? {};
  for (const [attribute, value] of Object.entries(data)) {
    if (attribute in links || attribute in (rules.counters ?? {})) continue;
    const map = rules.fields?.[attribute];
    input[attribute] = map ? map(value) : value;
  }
  for (const [attribute, link] of Object.entries(links)) {
    if (link.field) attributeOf.set(link.field, attribute);
    const ref = linkOf(data[attribute]);
    let id: number | null = ((stored?.[attribute] as { id?: number } | null | undefined)?.id ?? null) as number | null;
    if (ref === null) id = null;
    else if (ref) {
      id = await resolveLink(strapi, link.target, ref);
      if (id === null) problems.push({ path: [attribute], message: ptText(link.notFound ?? 'api.error.notFound') });
    }
    // An update that leaves a link alone is not held to it (the product's updates keep what is stored).
    if (link.required && id === null && (ref !== undefined || mode !== 'update'))
      problems.push({ path: [attribute], message: ptText(link.required) });
    // A link the write names, or one a create-like write carries over, reaches the contract as its id.
    if (link.field && (ref !== undefined || mode !== 'update')) input[link.field] = id ?? (ref === null ? null : undefined);
  }
  for (const attribute of longColumns(strapi, rules.uid, input))
    problems.push({ path: [attribute], message: ptText('api.error.invalidBody') });
  const parsed = (mode === 'update' ? rules.update : rules.create).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      problems.push({ path: field ? [attributeOf.get(field) ?? field] : [], message: ptText('api.error.invalidBody') });
    }
  }
  if (problems.length) refuse(problems);
  await refusedAs(ptText, rules, async () => {
    await rules.check?.(strapi, parsed.data as Record<string, unknown>, { id: mode === 'update' ? (stored?.id ?? null) : null });
  });
};

/** Runs the type's own rule: the ApiError it throws becomes Strapi's 400 naming the field the key is about. */
const refusedAs = async (ptText: (key: MessageKey) => string, rules: DocumentRules, rule: () => Promise<void>): Promise<void> => {
  try {
    await rule();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const field = rules.keyFields?.[error.msg];
    refuse([{ path: field ? [field] : [], message: ptText(error.msg) }]);
  }
};

/**
 * Who wrote: the /admin user, or the API token by its name, and the way in; or, for a product
 * route that writes through the document service (the back office's page editor), the staff
 * user of its token, named as the product's own log lines name them (no way in is said).
 */
const authorOf = (request: {
  path?: string;
  ip?: string;
  state?: Record<string, unknown>;
}): Pick<ActivityEntry, 'actor' | 'ip'> & { via: string } => {
  const state = request.state ?? {};
  const auth = state.auth as { strategy?: { name?: string }; credentials?: { name?: string } } | undefined;
  const path = request.path ?? '';
  const who = identityOf(state);
  if (who && (who.kind === 'staff' || who.kind === 'client')) {
    return { actor: { id: who.id, name: who.name, email: who.email, staff: who.kind === 'staff' }, ip: request.ip, via: '' };
  }
  if (auth?.strategy?.name?.includes('api-token')) {
    return { actor: { name: auth.credentials?.name ?? null, email: null }, ip: request.ip, via: 'pela API de conteúdo' };
  }
  const user = state.user as { firstname?: string | null; lastname?: string | null; username?: string | null; email?: string } | undefined;
  const name = user ? [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username || user.email : null;
  const via = path.startsWith('/content-manager')
    ? 'pelo Content Manager'
    : path.startsWith('/api/')
      ? 'pela API de conteúdo'
      : 'pelo /admin';
  return { actor: user ? { name: name ?? null, email: user.email ?? null } : null, ip: request.ip, via };
};

const WRITES = ['create', 'update', 'clone', 'delete'] as const;
type Write = (typeof WRITES)[number];
const LOGGED: Record<Write, ChangeAction> = { create: 'create', update: 'update', clone: 'create', delete: 'delete' };

interface DocumentContext {
  uid: string;
  action: string;
  params: { documentId?: string; data?: Record<string, unknown> };
}

/**
 * A document service middleware (Strapi 5 `strapi.documents.use`) holding the types' rules on
 * the stock write paths: the Content Manager and the content API call the document service; the
 * product's routes write through the query engine (`strapi.db.query`) and never pass here, they
 * apply the same schemas and checks themselves — except the site pages' editor
 * (`PUT /api/cms/v1/pages/:page`), which writes a single type through the document service like
 * the Content Manager does, so these rules and this log line (with its staff user) are its own. Acts on writes made for a request only: the
 * demo seed, imports and the `strapi` CLI are not a person's way in. A write that breaks a rule
 * is refused before anything is stored; one that is stored leaves one activity-log line with
 * its author, like the product's own. `ptText` gives a message key's text in the PT pack (what
 * the Content Manager shows beside the field).
 */
export const documentRules = (
  strapi: Core.Strapi,
  all: ReadonlyArray<DocumentRules | ReadOnlyType>,
  ptText: (key: MessageKey) => string,
) => {
  const byUid = new Map(all.map((rules) => [rules.uid, rules]));
  return async (context: DocumentContext, next: () => Promise<unknown>): Promise<unknown> => {
    const rules = byUid.get(context.uid);
    if (!rules) return next();
    if ('readOnly' in rules) {
      if (READS.includes(context.action) || !strapi.requestContext.get()) return next();
      return refuse([{ path: [], message: ptText(rules.readOnly) }]);
    }
    const action = context.action as Write;
    if (!WRITES.includes(action)) return next();
    const request = strapi.requestContext.get() as Parameters<typeof authorOf>[0] | undefined;
    if (!request) return next();
    const { documentId, data = {} } = context.params ?? {};
    const written = await strapi.db.transaction(async () => {
      const stored = documentId ? await findStored(strapi, rules, documentId) : null;
      // A document that is not there: Strapi's own answer (404) is the right one.
      if (action !== 'create' && !stored) return { result: await next(), ids: [] as number[] };
      if (action !== 'delete') {
        rules.normalize?.(data);
        await enforce(strapi, ptText, rules, data, stored, action);
      } else if (stored && rules.beforeDelete) {
        const beforeDelete = rules.beforeDelete;
        await refusedAs(ptText, rules, () => beforeDelete(strapi, stored.id));
      }
      const result = (await next()) as { id?: number; entries?: Array<{ id?: number }> } | null;
      const ids = (action === 'delete' || action === 'update' ? [stored?.id ?? 0] : [result?.id ?? result?.entries?.[0]?.id ?? 0]).filter(
        (id) => id > 0,
      );
      if (rules.after) await refusedAs(ptText, rules, () => rules.after?.(strapi, { action, ids, stored }) ?? Promise.resolve());
      return { result, ids };
    });
    if (written.ids.length) {
      const { via, ...author } = authorOf(request);
      await logActivity(strapi, {
        action: `${rules.logAction}.${LOGGED[action]}`,
        description: `${describeChange(rules.labels, LOGGED[action], written.ids)}${via ? ` (${via})` : ''}.`,
        ...author,
      });
    }
    return written.result;
  };
};
