/** What the start-up check reads of a content type (Strapi's `strapi.contentTypes` entry). */
export interface TypeSchema {
  pluginOptions?: Record<string, { visible?: boolean } | undefined> | object;
}

/** What the check found: the types nothing rules, and rules of types that do not exist. */
export interface RuledCheck {
  unruled: string[];
  unknown: string[];
}

const invisible = (schema: TypeSchema, plugin: string): boolean =>
  (schema.pluginOptions as Record<string, { visible?: boolean } | undefined> | undefined)?.[plugin]?.visible === false;

/**
 * Hidden: no stock tool shows or writes the type — neither the Content Manager nor the
 * Content-Type Builder lists it (both `visible: false` in its schema's `pluginOptions`), and no
 * content-API route of Strapi's core router serves it (decision 019). What only the product
 * writes (sessions, SMS codes, certificates…).
 */
export const isHidden = (schema: TypeSchema, routed: boolean): boolean =>
  !routed && invisible(schema, 'content-manager') && invisible(schema, 'content-type-builder');

/**
 * Every `api::*` type is ruled (its `DocumentRules`), read only (`ReadOnlyType`) or hidden;
 * `routed(uid)` says whether Strapi's core router serves a type on the content API.
 */
export const checkRuled = (
  types: Readonly<Record<string, TypeSchema>>,
  routed: (uid: string) => boolean,
  ruled: ReadonlyArray<{ uid: string }>,
): RuledCheck => {
  const names = new Set(ruled.map((rules) => rules.uid));
  const product = Object.keys(types).filter((uid) => uid.startsWith('api::'));
  return {
    unruled: product.filter((uid) => !names.has(uid) && !isHidden(types[uid], routed(uid))).sort(),
    unknown: [...names].filter((uid) => !(uid in types)).sort(),
  };
};
