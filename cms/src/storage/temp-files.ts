import fs from 'node:fs/promises';

/** The temporary paths of every file formidable wrote for a request (`ctx.request.files`: fields of a file or a list of files). */
export const tempPaths = (files: unknown): string[] => {
  if (typeof files !== 'object' || files === null) return [];
  return Object.values(files as Record<string, unknown>)
    .flatMap((entry) => (Array.isArray(entry) ? entry : [entry]))
    .map((file) => (typeof file === 'object' && file !== null ? (file as { filepath?: unknown }).filepath : undefined))
    .filter((filepath): filepath is string => typeof filepath === 'string' && filepath !== '');
};

/** Removes temporary files; one that is already gone is fine, any other failure is reported to `onError`. */
export const removeTempFiles = async (paths: readonly string[], onError: (path: string, error: unknown) => void): Promise<void> => {
  await Promise.all(
    paths.map((filepath) =>
      fs.rm(filepath, { force: true }).catch((error: unknown) => {
        onError(filepath, error);
      }),
    ),
  );
};
