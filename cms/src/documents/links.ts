import type { Core } from '@strapi/strapi';

/** One end of a link as a document-service write names it: an id, a documentId, or both (the Content Manager sends both). */
export interface LinkRef {
  id?: number;
  documentId?: string;
}

const refOf = (value: unknown): LinkRef | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'number') return { id: value };
  if (typeof value === 'string') return /^\d+$/.test(value) ? { id: Number(value) } : { documentId: value };
  if (typeof value === 'object' && !Array.isArray(value)) {
    const { id, documentId } = value as { id?: unknown; documentId?: unknown };
    const ref: LinkRef = {};
    if (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) ref.id = Number(id);
    if (typeof documentId === 'string') ref.documentId = documentId;
    return ref.id !== undefined || ref.documentId !== undefined ? ref : undefined;
  }
  return undefined;
};

const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/**
 * What a document-service write does to a to-one link (a relation or a single media), in any of
 * the shapes Strapi takes (see its `mapRelation`): `undefined` when it leaves the link alone,
 * `null` when it clears it, the target otherwise. Shorthand (`5`, `'abc…'`, `[5]`), longhand
 * (`{ id }`, `{ documentId }`), `{ set }`, and the Content Manager's `{ connect, disconnect }`;
 * of several targets the last one counts, as Strapi keeps it.
 */
export const linkOf = (value: unknown): LinkRef | null | undefined => {
  if (Array.isArray(value)) return value.length ? refOf(value[value.length - 1]) : null;
  if (typeof value === 'object' && value !== null) {
    const shape = value as { set?: unknown; connect?: unknown; disconnect?: unknown };
    if ('set' in shape) return linkOf(list(shape.set));
    if ('connect' in shape || 'disconnect' in shape) {
      const connect = list(shape.connect);
      if (connect.length) return refOf(connect[connect.length - 1]);
      return list(shape.disconnect).length ? null : undefined;
    }
  }
  return refOf(value);
};

/** The row id a link names, or null when no row of `target` has it. */
export const resolveLink = async (strapi: Core.Strapi, target: string, ref: LinkRef): Promise<number | null> => {
  const where = ref.id !== undefined ? { id: ref.id } : { documentId: ref.documentId };
  const row = (await strapi.db.query(target as Parameters<Core.Strapi['db']['query']>[0]).findOne({ where, select: ['id'] })) as {
    id: number;
  } | null;
  return row?.id ?? null;
};

/** What a document-service write does to a to-many link: the targets it sets, or those it connects and disconnects. */
export type ManyLinkChange = { set: LinkRef[] } | { connect: LinkRef[]; disconnect: LinkRef[] };

const refsOf = (value: unknown): LinkRef[] | null => {
  const refs = list(value).map(refOf);
  return refs.every((ref): ref is LinkRef => ref !== undefined && ref !== null) ? refs : null;
};

/**
 * What a document-service write does to a to-many link (a lecture's speakers), in the shapes
 * Strapi takes: `undefined` when it leaves the link alone (also the Content Manager's empty
 * `{ connect: [], disconnect: [] }`), `null` for a shape it cannot read (refused by the caller),
 * the change otherwise. Shorthand (`[5, 'abc…']`) and `{ set }` set the list; `{ connect,
 * disconnect }` changes it.
 */
export const manyLinksOf = (value: unknown): ManyLinkChange | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return { set: [] };
  if (typeof value === 'object' && !Array.isArray(value)) {
    const shape = value as { set?: unknown; connect?: unknown; disconnect?: unknown };
    if ('set' in shape) {
      const set = refsOf(shape.set);
      return set ? { set } : null;
    }
    if ('connect' in shape || 'disconnect' in shape) {
      const connect = refsOf(shape.connect);
      const disconnect = refsOf(shape.disconnect);
      if (!connect || !disconnect) return null;
      return connect.length === 0 && disconnect.length === 0 ? undefined : { connect, disconnect };
    }
  }
  const set = refsOf(value);
  return set ? { set } : null;
};

/** Whether a write leaves a link alone: nothing sent, or the Content Manager's empty `{ connect: [], disconnect: [] }`. */
export const leavesLinkAlone = (value: unknown): boolean => {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const shape = value as { connect?: unknown; disconnect?: unknown };
  return (
    keys.every((key) => key === 'connect' || key === 'disconnect') &&
    list(shape.connect).length === 0 &&
    list(shape.disconnect).length === 0
  );
};
