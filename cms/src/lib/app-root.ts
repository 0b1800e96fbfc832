import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/** The cms/ folder, whether running from sources or from dist/ (walks up to its package.json). */
export const appRoot = (): string => {
  if (cached) return cached;
  let dir = __dirname;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      const { name } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string };
      if (name === '@plataforma/cms') return (cached = dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cms/package.json not found above ' + __dirname);
    dir = parent;
  }
};

/** The repository root (one level above cms/). */
export const repoRoot = (): string => path.resolve(appRoot(), '..');
