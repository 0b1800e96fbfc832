import path from 'node:path';

/**
 * The stock `strapi` command this process runs (`develop`, `start`, `import`…), or null when the
 * app was not started by Strapi's CLI (tests boot it in-process, `strapi start` and `develop` too).
 */
export const strapiCommand = (argv: readonly string[] = process.argv): string | null => {
  const script = argv[1] ? path.basename(argv[1]) : '';
  if (script !== 'strapi' && script !== 'strapi.js') return null;
  return argv[2] ?? null;
};

/**
 * A boot for `strapi export`, `import` or `transfer`: the app is loaded only to move data, so the
 * start's own work (the demo seed, the clients import queue, the welcome addresses) stays off.
 */
export const isDataTransferBoot = (argv: readonly string[] = process.argv): boolean =>
  ['export', 'import', 'transfer'].includes(strapiCommand(argv) ?? '');

/** The value of a CLI option in its `-f x`, `--file x` and `--file=x` forms. */
export const optionValue = (argv: readonly string[], short: string, long: string): string | undefined => {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === short || arg === long) return argv[i + 1];
    if (arg.startsWith(`${long}=`)) return arg.slice(long.length + 1);
    if (arg.startsWith(short) && arg.length > short.length && !arg.startsWith('--')) return arg.slice(short.length);
  }
  return undefined;
};
