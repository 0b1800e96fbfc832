import { z, type ZodType } from 'zod';

/** The schema of a value inside an optional, nullable, default… wrapper, or the schema itself. */
const inner = (schema: ZodType): ZodType => {
  const def: object = schema._zod.def;
  return 'innerType' in def && def.innerType instanceof z.ZodType ? inner(def.innerType) : schema;
};

/** The schema that first sees what was typed: a preprocess's target, else the input side of a pipe. */
const typed = (schema: ZodType): ZodType => {
  const unwrapped = inner(schema);
  if (!(unwrapped instanceof z.ZodPipe)) return unwrapped;
  const { in: input, out } = unwrapped;
  // z.preprocess(fn, target): the target reads the value the form holds (trimmed or blank → null at most).
  if (input instanceof z.ZodTransform) return typed(out as ZodType);
  // A transform then a check (`digits`): the typed text is not what the check measures.
  return typed(input as ZodType);
};

/**
 * The longest text the schema takes in the field at `path` ('name', 'address.city'), for the
 * field's `maxLength`: what the server would refuse is stopped while typing. Undefined where the
 * field is not a text with a limit, or where what is typed is reshaped before it is measured
 * (a phone's digits).
 */
export const maxLengthOf = (schema: ZodType, path: string): number | undefined => {
  let current: ZodType = schema;
  for (const key of path.split('.')) {
    const object = typed(current);
    if (!(object instanceof z.ZodObject)) return undefined;
    const field: unknown = object.shape[key];
    if (!(field instanceof z.ZodType)) return undefined;
    current = field;
  }
  const text = typed(current);
  return text instanceof z.ZodString && typeof text.maxLength === 'number' ? text.maxLength : undefined;
};
