import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { ApiError, type MessageKey, type StaffRole } from '@plataforma/adapter';
import type { z } from 'zod';
import { logActivity, type ActivityEntry } from '../activity/log';
import { identityOf } from '../auth/identity';
import { describeChange, type ChangeAction, type Labels } from '../http/changes';
import { longColumns } from '../http/columns';
import { timeOnly } from '../lib/wire';
import { fileKindProblem, type FileKind } from './files';
import { leavesLinkAlone, linkOf, manyLinksOf, resolveLink, type LinkRef } from './links';

/** A link of a type (a relation or a single media) as its rules read it. */
export interface LinkRule {
  /** The target's uid ('plugin::upload.file' for media). */
  target: string;
  /** The contract's field that carries the link's id ('eventId'); none for files (multipart parts on /api/cms/v1). */
  field?: string;
  /** The key said when the write leaves the type without it (SPEC's required image, a stand's event). */
  required?: MessageKey;
  /** The key said when the target does not exist. */
  notFound?: MessageKey;
  /** A file link: the files the product's route takes there, by the type the Media Library stored them with. */
  kind?: FileKind;
  /**
   * A to-many link (a lecture's speakers): the contract's field gets the ids the link holds after
   * the write (what is stored, with what the write connects and without what it disconnects).
   */
  many?: boolean;
}

/** What the product's own checks are told beside the input. */
export interface CheckContext {
  /** The row being changed; null on create and clone. */
  id: number | null;
  /** The row an update changes (its attributes, its links' ids) or a clone copies; null on create. */
  stored: StoredRow | null;
}

/** Who writes on a stock path, as a type's `who` rule reads it. */
export interface Author {
  /** The /admin user, and whether Strapi's Super Admin role is theirs; null for an API token or a product session. */
  adminUser: { id: number; superAdmin: boolean } | null;
  /** An API token of the content API. */
  token: boolean;
  /** A product session (a route of the product writing through the document service). */
  staff: { id: number; role: StaffRole } | null;
}

/** Work a rule leaves for after the write's commit (removing the files nothing links any more, an SMS). */
export type AfterCommit = () => Promise<void>;

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
  /** The type's links (to-one, or to-many with `many`), by attribute. */
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
  /**
   * Attributes the stock paths never change, with the key that says where they change (a
   * password, a staff user's first access). A write may carry the stored value (the Content
   * Manager sends the whole form) or, on a create, none or the default: it is not written.
   * Attributes of the type that no other option names and the contract has no field for are
   * held the same way, with `api.error.notWritableHere` (`api.error.linkedElsewhere` for the
   * side of a relation the other type owns): a write fails closed on what no rule speaks for.
   */
  kept?: Record<string, MessageKey>;
  /** Attributes `after` computes from the others (a chat's key): whatever the write says of them is not written. */
  derived?: readonly string[];
  /** Who may write the type on the stock paths: the key of the refusal (403), or null. Every author may when absent. */
  who?: (author: Author) => MessageKey | null;
  /** Attributes an update's log line names when it changes them ('Alterou usuário nº 3 (pelo Content Manager): telefone.'). */
  changeLabels?: Record<string, string>;
  /**
   * The product's own rule before a delete, in the delete's transaction: throw the ApiError its
   * route answers to refuse it, or delete what the product's route deletes with the row. Work
   * for after the commit (the files of the rows it deleted) is returned.
   */
  beforeDelete?: (strapi: Core.Strapi, id: number) => Promise<void | AfterCommit>;
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
  ) => Promise<void | AfterCommit>;
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
 * A type no stock tool writes (orders, their items, payments: decision 051; the activity log, page
 * views, contacts, language packs: decision 077): on a request, every document service action but
 * a read is refused with `readOnly`'s text, nothing stored.
 */
export interface ReadOnlyType {
  uid: string;
  readOnly: MessageKey;
}

/** The document service's reads; a read-only type refuses every other action (write, clone, publish…). */
const READS: readonly string[] = ['findOne', 'findMany', 'findFirst', 'count'];

export type StoredRow = { id: number } & Record<string, unknown>;

/** What the engine reads of a content type's attribute (Strapi's schema). */
interface Attribute {
  type: string;
  relation?: string;
  mappedBy?: string;
  default?: unknown;
}

/** The document's own fields, which Strapi writes or strips itself: no rule of a type is about them. */
const META = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);

const attributesOf = (strapi: Core.Strapi, uid: string): Record<string, Attribute> =>
  (strapi.contentType(uid as Parameters<Core.Strapi['contentType']>[0])?.attributes ?? {}) as unknown as Record<string, Attribute>;

const isLinkAttribute = (attribute: Attribute | undefined): boolean => attribute?.type === 'relation' || attribute?.type === 'media';
const STRUCTURED = new Set(['relation', 'media', 'component', 'dynamiczone']);

const findStored = async (strapi: Core.Strapi, rules: DocumentRules, documentId: string): Promise<StoredRow | null> => {
  const attributes = attributesOf(strapi, rules.uid);
  const links = Object.keys(rules.links ?? {});
  // Every plain attribute (what a write may only repeat, what a log line names) and the links' ids.
  const scalars = Object.entries(attributes)
    .filter(([, attribute]) => !STRUCTURED.has(attribute.type))
    .map(([name]) => name);
  return (await strapi.db.query(rules.uid as Parameters<Core.Strapi['db']['query']>[0]).findOne({
    where: { documentId },
    select: ['id', ...scalars],
    populate: Object.fromEntries(links.map((attribute) => [attribute, { select: ['id'] }])),
  })) as StoredRow | null;
};

/** A value as a comparison of stored and sent reads it: blank as null, numbers, booleans, dates and JSON in one form each. */
const comparable = (attribute: Attribute, value: unknown): unknown => {
  // A flag not set is off.
  if (attribute.type === 'boolean') return value === true || value === 1 || value === '1' || value === 'true';
  if (value === undefined || value === null || value === '') return null;
  switch (attribute.type) {
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return Number(value);
    case 'datetime':
    case 'timestamp': {
      const time = new Date(value as string | number | Date).getTime();
      return Number.isNaN(time) ? String(value) : time;
    }
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    case 'time':
      return timeOnly(String(value));
    case 'json':
    case 'blocks':
      return JSON.stringify(typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
    default:
      return String(value);
  }
};

/** Whether a sent value is the stored one (a stored blank of an attribute with a default reads as the default). */
const sameValue = (attribute: Attribute, sent: unknown, stored: unknown): boolean => {
  try {
    return comparable(attribute, sent) === comparable(attribute, stored ?? attribute.default);
  } catch {
    return false;
  }
};

/**
 * Whether a write's value of an attribute the stock paths never change changes nothing: none
 * sent; for a password, a blank one (the Content Manager's form sends ''); for a link, one left
 * alone; otherwise the stored value (an update, a clone of the row) or, on a create, a blank or
 * the attribute's default (Strapi writes the default).
 */
const changesNothing = (attribute: Attribute, value: unknown, stored: StoredRow | null, name: string, mode: Mode): boolean => {
  if (value === undefined) return true;
  if (attribute.type === 'password') return value === '' || value === null;
  if (isLinkAttribute(attribute)) return leavesLinkAlone(value);
  if (mode !== 'create') return sameValue(attribute, value, stored?.[name]);
  if (value === null || value === '' || (attribute.type === 'boolean' && value === false && attribute.default === undefined)) return true;
  return attribute.default !== undefined && sameValue(attribute, value, attribute.default);
};

/** The keys of a contract schema's object (through the pipes and wrappers zod builds around it). */
const shapeKeys = (schema: z.ZodType): string[] => {
  let node: unknown = schema;
  for (let depth = 0; depth < 8 && node; depth += 1) {
    const def = (node as { def?: { type?: string; in?: unknown; innerType?: unknown; schema?: unknown } }).def;
    const shape = (node as { shape?: Record<string, unknown> }).shape;
    if (shape && typeof shape === 'object') return Object.keys(shape);
    node = def?.in ?? def?.innerType ?? def?.schema;
  }
  return [];
};

type Mode = 'create' | 'update' | 'clone';

/** The MIME type the Media Library stored a file with. */
const fileMime = async (strapi: Core.Strapi, id: number): Promise<string | null> => {
  const row = (await strapi.db.query('plugin::upload.file').findOne({ where: { id }, select: ['mime'] })) as { mime?: string } | null;
  return row?.mime ?? null;
};

const resolveMany = async (strapi: Core.Strapi, target: string, refs: readonly LinkRef[]): Promise<Array<number | null>> =>
  Promise.all(refs.map((ref) => resolveLink(strapi, target, ref)));

const joinPt = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;

/**
 * Checks a write's data against the type's rules: the document is mapped to the contract's input
 * (links to ids, stored forms to the wire's), parsed by the contract's schema, and given to the
 * product's own checks. Attributes no rule speaks for may only repeat what is stored. `stored`
 * is the row an update changes or a clone copies. Answers the labels (`changeLabels`) of the
 * attributes an update changes.
 */
const enforce = async (
  strapi: Core.Strapi,
  ptText: (key: MessageKey) => string,
  rules: DocumentRules,
  data: Record<string, unknown>,
  stored: StoredRow | null,
  mode: Mode,
): Promise<string[]> => {
  const problems: Problem[] = [];
  const attributes = attributesOf(strapi, rules.uid);
  const changed =
    mode === 'update'
      ? Object.entries(rules.changeLabels ?? {})
          .filter(([attribute]) => {
            const value = data[attribute];
            const schema = attributes[attribute];
            if (value === undefined || !schema) return false;
            return schema.type === 'password' ? value !== '' && value !== null : !sameValue(schema, value, stored?.[attribute]);
          })
          .map(([, label]) => label)
      : [];
  const labels = [...new Set(changed)];
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
  const links = rules.links ?? {};
  const contract = new Set([...shapeKeys(rules.create), ...shapeKeys(rules.update)]);
  const speaksFor = (attribute: string) =>
    attribute in links ||
    attribute in (rules.counters ?? {}) ||
    attribute in (rules.fields ?? {}) ||
    (rules.derived ?? []).includes(attribute);
  for (const attribute of rules.derived ?? []) delete data[attribute];
  // What no rule speaks for, and what the type keeps: only what is stored may come back, and is not written.
  for (const [attribute, value] of Object.entries(data)) {
    const schema = attributes[attribute];
    if (META.has(attribute) || !schema) continue;
    const key = rules.kept?.[attribute];
    if (!key && (speaksFor(attribute) || (contract.has(attribute) && !isLinkAttribute(schema)))) continue;
    if (changesNothing(schema, value, stored, attribute, mode)) delete data[attribute];
    else
      problems.push({
        path: [attribute],
        message: ptText(key ?? (schema.mappedBy ? 'api.error.linkedElsewhere' : 'api.error.notWritableHere')),
      });
  }
  const attributeOf = new Map<string, string>();
  const input: Record<string, unknown> = {};
  for (const [attribute, value] of Object.entries(data)) {
    if (attribute in links || attribute in (rules.counters ?? {}) || META.has(attribute)) continue;
    const map = rules.fields?.[attribute];
    input[attribute] = map ? map(value) : value;
  }
  // A clone is the copied row with the write's changes (what Strapi stores): the contract reads it whole.
  if (mode === 'clone' && stored) {
    for (const attribute of contract) {
      const schema = attributes[attribute];
      if (attribute in input || !schema || isLinkAttribute(schema) || attribute in links || rules.kept?.[attribute]) continue;
      if (stored[attribute] === undefined || stored[attribute] === null) continue;
      const map = rules.fields?.[attribute];
      input[attribute] = map ? map(stored[attribute]) : stored[attribute];
    }
  }
  for (const [attribute, link] of Object.entries(links)) {
    if (link.field) attributeOf.set(link.field, attribute);
    if (link.many) {
      const change = manyLinksOf(data[attribute]);
      if (change === null) {
        problems.push({ path: [attribute], message: ptText('api.error.invalidBody') });
        continue;
      }
      const before = ((stored?.[attribute] as Array<{ id: number }> | null | undefined) ?? []).map((row) => row.id);
      if (change === undefined) {
        // A clone carries the copied row's links: the contract hears of them as the create's.
        if (mode === 'clone' && link.field) input[link.field] = before;
        continue;
      }
      const named = 'set' in change ? change.set : [...change.connect, ...change.disconnect];
      const ids = await resolveMany(strapi, link.target, named);
      if (ids.some((id) => id === null)) {
        problems.push({ path: [attribute], message: ptText(link.notFound ?? 'api.error.notFound') });
        continue;
      }
      const found = ids as number[];
      const after =
        'set' in change
          ? found
          : [...before.filter((id) => !found.slice(change.connect.length).includes(id)), ...found.slice(0, change.connect.length)];
      if (link.field) input[link.field] = [...new Set(after)];
      continue;
    }
    const ref = linkOf(data[attribute]);
    let id: number | null = ((stored?.[attribute] as { id?: number } | null | undefined)?.id ?? null) as number | null;
    if (ref === null) id = null;
    else if (ref) {
      id = await resolveLink(strapi, link.target, ref);
      if (id === null) problems.push({ path: [attribute], message: ptText(link.notFound ?? 'api.error.notFound') });
      else if (link.kind) {
        const problem = fileKindProblem(link.kind, await fileMime(strapi, id));
        if (problem) problems.push({ path: [attribute], message: ptText(problem) });
      }
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
    await rules.check?.(strapi, parsed.data as Record<string, unknown>, {
      id: mode === 'update' ? (stored?.id ?? null) : null,
      stored,
    });
  });
  return labels;
};

/** Runs the type's own rule: the ApiError it throws becomes Strapi's 400 naming the field the key is about. */
const refusedAs = async <T>(ptText: (key: MessageKey) => string, rules: DocumentRules, rule: () => Promise<T>): Promise<T> => {
  try {
    return await rule();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const field = rules.keyFields?.[error.msg];
    return refuse([{ path: field ? [field] : [], message: ptText(error.msg) }]);
  }
};

interface RequestLike {
  path?: string;
  ip?: string;
  state?: Record<string, unknown>;
}

/**
 * Who wrote: the /admin user, or the API token by its name, and the way in; or, for a product
 * route that writes through the document service (the back office's page editor), the staff
 * user of its token, named as the product's own log lines name them (no way in is said).
 */
const authorOf = (request: RequestLike): Pick<ActivityEntry, 'actor' | 'ip'> & { via: string } => {
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

/** Strapi's own code of its top /admin role. */
const SUPER_ADMIN = 'strapi-super-admin';

/** Who writes, as a type's `who` rule reads it. */
const permissionsOf = (request: RequestLike): Author => {
  const state = request.state ?? {};
  const auth = state.auth as { strategy?: { name?: string } } | undefined;
  const who = identityOf(state);
  const user = state.user as { id?: number; roles?: Array<{ code?: string }> } | undefined;
  const token = Boolean(auth?.strategy?.name?.includes('api-token'));
  // /admin's own strategy ('admin') signs its users in; its credentials are the user.
  const adminUser = auth?.strategy?.name === 'admin' && user && typeof user.id === 'number' ? user : null;
  return {
    adminUser: adminUser
      ? { id: adminUser.id as number, superAdmin: (adminUser.roles ?? []).some((role) => role.code === SUPER_ADMIN) }
      : null,
    token,
    staff: who?.kind === 'staff' ? { id: who.id, role: who.role } : null,
  };
};

const WRITES = ['create', 'update', 'clone', 'delete'] as const;
type Write = (typeof WRITES)[number];
const LOGGED: Record<Write, ChangeAction> = { create: 'create', update: 'update', clone: 'create', delete: 'delete' };

interface DocumentContext {
  uid: string;
  action: string;
  params: { documentId?: string; data?: Record<string, unknown> };
}

/** Runs what the rules left for after the commit; a failure is logged, never answered (the write stands). */
const runAfterCommit = async (strapi: Core.Strapi, uid: string, work: ReadonlyArray<AfterCommit | void>): Promise<void> => {
  for (const step of work) {
    if (!step) continue;
    try {
      await step();
    } catch (error) {
      strapi.log.error(`[rules] ${uid}: after the write: ${(error as Error).message}`);
    }
  }
};

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
 * the Content Manager shows beside the field). A type it has no entry for is let through: the
 * start refuses such a type unless it is hidden (`ruled-types.ts`, decision 077).
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
    const request = strapi.requestContext.get() as RequestLike | undefined;
    if (!request) return next();
    const refusal = rules.who?.(permissionsOf(request));
    // A PolicyError: Strapi's router answers any other ForbiddenError with a bare 'Forbidden'.
    if (refusal) throw new errors.PolicyError(ptText(refusal));
    const { documentId, data = {} } = context.params ?? {};
    const written = await strapi.db.transaction(async () => {
      const stored = documentId ? await findStored(strapi, rules, documentId) : null;
      // A document that is not there: Strapi's own answer (404) is the right one.
      if (action !== 'create' && !stored) return { result: await next(), ids: [] as number[], changed: [] as string[], later: [] };
      let changed: string[] = [];
      const later: Array<AfterCommit | void> = [];
      if (action !== 'delete') {
        rules.normalize?.(data);
        changed = await enforce(strapi, ptText, rules, data, stored, action);
      } else if (stored && rules.beforeDelete) {
        const beforeDelete = rules.beforeDelete;
        later.push(await refusedAs(ptText, rules, () => beforeDelete(strapi, stored.id)));
      }
      const result = (await next()) as { id?: number; entries?: Array<{ id?: number }> } | null;
      const ids = (action === 'delete' || action === 'update' ? [stored?.id ?? 0] : [result?.id ?? result?.entries?.[0]?.id ?? 0]).filter(
        (id) => id > 0,
      );
      const after = rules.after;
      if (after) later.push(await refusedAs(ptText, rules, () => after(strapi, { action, ids, stored })));
      return { result, ids, changed, later };
    });
    await runAfterCommit(strapi, rules.uid, written.later);
    if (written.ids.length) {
      const { via, ...author } = authorOf(request);
      const what = written.changed.length ? `: ${joinPt(written.changed)}` : '';
      await logActivity(strapi, {
        action: `${rules.logAction}.${LOGGED[action]}`,
        description: `${describeChange(rules.labels, LOGGED[action], written.ids)}${via ? ` (${via})` : ''}${what}.`,
        ...author,
      });
    }
    return written.result;
  };
};
