import type { Core } from '@strapi/strapi';

/**
 * The parent's id copied onto the row (decision 043). The product's big lists are "the stands of
 * event 1, by name": Strapi keeps that relation in a link table (`stands_event_lnk`), so no index
 * can serve "event = 1 order by name, id" and a deep page walks and probes 50,000 rows. Each
 * relation below gets a column on the row's own table (`lnk_event_id`), indexed with the list
 * orders, and kept equal to the link table by triggers the database runs on every insert,
 * update and delete of a link row: the product's writes, the stock /admin Content Manager, the
 * `strapi` CLI, raw SQL imports and foreign-key cascades alike. Every start repairs any drift (a
 * row written while the triggers were missing) with one update, then the list SQL
 * (`cms/src/http/list-sql.ts`) reads the column instead of the link table.
 */
export interface PinnedRelation {
  uid: string;
  /** The to-one relation attribute (e.g. `event`). */
  relation: string;
  /** The list orders this column leads (attribute names), each indexed as (column, field, id). */
  orders: readonly string[];
}

export const PINNED_RELATIONS: readonly PinnedRelation[] = [
  { uid: 'api::stand.stand', relation: 'event', orders: ['name', 'position', 'type'] },
  { uid: 'api::sponsor.sponsor', relation: 'event', orders: ['name', 'position'] },
  { uid: 'api::room.room', relation: 'event', orders: ['name', 'number'] },
  { uid: 'api::media.media', relation: 'stand', orders: ['title'] },
  { uid: 'api::product.product', relation: 'stand', orders: ['title'] },
];

/** The pinned column of a relation, as the row's table holds it. */
export const pinnedColumn = (relation: string) => `lnk_${relation}_id`;

interface LinkMeta {
  table: string;
  link: string;
  own: string;
  parent: string;
  column: string;
  orderColumns: string[];
}

const linkOf = (strapi: Core.Strapi, pinned: PinnedRelation): LinkMeta | null => {
  if (!strapi.db.metadata.has(pinned.uid)) return null;
  const meta = strapi.db.metadata.get(pinned.uid) as unknown as {
    tableName: string;
    attributes: Record<
      string,
      { type: string; columnName?: string; joinTable?: { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } } }
    >;
  };
  const attribute = meta.attributes[pinned.relation];
  if (!attribute?.joinTable) return null;
  return {
    table: meta.tableName,
    link: attribute.joinTable.name,
    own: attribute.joinTable.joinColumn.name,
    parent: attribute.joinTable.inverseJoinColumn.name,
    column: pinnedColumn(pinned.relation),
    orderColumns: pinned.orders.filter((order) => meta.attributes[order]).map((order) => meta.attributes[order].columnName ?? order),
  };
};

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

const statementsFor = (postgres: boolean, m: LinkMeta): string[] => {
  const trigger = `${m.link}_pin`;
  const indexes = m.orderColumns.map(
    (order) => `create index if not exists ${q(`${m.table}_${m.column}_${order}_idx`)} on ${q(m.table)} (${q(m.column)}, ${q(order)}, id)`,
  );
  if (postgres) {
    const fn = `plataforma_${trigger}`;
    return [
      `alter table ${q(m.table)} add column if not exists ${q(m.column)} integer`,
      `create or replace function ${q(fn)}() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update ${q(m.table)} set ${q(m.column)} = null where id = old.${q(m.own)} and ${q(m.column)} = old.${q(m.parent)};
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update ${q(m.table)} set ${q(m.column)} = new.${q(m.parent)} where id = new.${q(m.own)};
  end if;
  return null;
end $$`,
      `create or replace trigger ${q(trigger)} after insert or update or delete on ${q(m.link)} for each row execute function ${q(fn)}()`,
      `update ${q(m.table)} t set ${q(m.column)} = l.${q(m.parent)} from ${q(m.link)} l where l.${q(m.own)} = t.id and t.${q(m.column)} is distinct from l.${q(m.parent)}`,
      `update ${q(m.table)} t set ${q(m.column)} = null where t.${q(m.column)} is not null and not exists (select 1 from ${q(m.link)} l where l.${q(m.own)} = t.id)`,
      `create index if not exists ${q(`${m.table}_${m.column}_idx`)} on ${q(m.table)} (${q(m.column)}, id)`,
      ...indexes,
    ];
  }
  return [
    `create trigger if not exists ${q(`${trigger}_insert`)} after insert on ${q(m.link)} begin
  update ${q(m.table)} set ${q(m.column)} = new.${q(m.parent)} where id = new.${q(m.own)};
end`,
    `create trigger if not exists ${q(`${trigger}_delete`)} after delete on ${q(m.link)} begin
  update ${q(m.table)} set ${q(m.column)} = null where id = old.${q(m.own)} and ${q(m.column)} = old.${q(m.parent)};
end`,
    `create trigger if not exists ${q(`${trigger}_update`)} after update on ${q(m.link)} begin
  update ${q(m.table)} set ${q(m.column)} = null where id = old.${q(m.own)} and ${q(m.column)} = old.${q(m.parent)};
  update ${q(m.table)} set ${q(m.column)} = new.${q(m.parent)} where id = new.${q(m.own)};
end`,
    `update ${q(m.table)} set ${q(m.column)} = (select l.${q(m.parent)} from ${q(m.link)} l where l.${q(m.own)} = ${q(m.table)}.id limit 1)
  where ${q(m.column)} is not (select l.${q(m.parent)} from ${q(m.link)} l where l.${q(m.own)} = ${q(m.table)}.id limit 1)`,
    `create index if not exists ${q(`${m.table}_${m.column}_idx`)} on ${q(m.table)} (${q(m.column)})`,
    ...indexes,
  ];
};

/**
 * Adds the pinned columns, their triggers and indexes, and repairs the columns (every start,
 * idempotent; several instances starting together on PostgreSQL are serialised by an advisory lock).
 * `pinnedColumnOf` then names them to the list SQL.
 */
export const ensurePinnedRelations = async (strapi: Core.Strapi): Promise<void> => {
  const postgres = strapi.db.dialect.client === 'postgres';
  const pinned = new Map<string, string>();
  const knex = strapi.db.connection;
  await knex.transaction(async (trx) => {
    if (postgres) await trx.raw('select pg_advisory_xact_lock(4300431)');
    for (const relation of PINNED_RELATIONS) {
      const link = linkOf(strapi, relation);
      if (!link) continue;
      if (!postgres) {
        const columns = (await trx.raw(`pragma table_info(${q(link.table)})`)) as Array<{ name: string }>;
        if (!columns.some((column) => column.name === link.column))
          await trx.raw(`alter table ${q(link.table)} add column ${q(link.column)} integer`);
      }
      for (const statement of statementsFor(postgres, link)) await trx.raw(statement);
      pinned.set(`${relation.uid}.${relation.relation}`, link.column);
    }
  });
  ready.set(strapi, pinned);
};

const ready = new WeakMap<Core.Strapi, Map<string, string>>();

/** The pinned column of a model's relation once this start made it, or undefined (the list SQL then joins the link table). */
export const pinnedColumnOf = (strapi: Core.Strapi, uid: string, relation: string): string | undefined =>
  ready.get(strapi)?.get(`${uid}.${relation}`);
