import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The venue's walls are ESLint rules (eslint.config.mjs, decision 068): each case lints a small
 * file placed in one app with the repository's own configuration and says which imports pass.
 * Nothing is written: the code is given to ESLint with the path it would have.
 */
const repositoryRoot = (from: string): string =>
  existsSync(path.join(from, 'eslint.config.mjs')) || path.dirname(from) === from ? from : repositoryRoot(path.dirname(from));
const root = repositoryRoot(process.cwd());
const eslint = new ESLint({ cwd: root });

/** The messages of no-restricted-imports for `code` as if it were the file at `path` (from the repository's root). */
const refusals = async (path: string, code: string) => {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
};

describe('the venue’s walls (ESLint)', () => {
  it('keeps the public site off the visitor venue and the back office', async () => {
    expect(await refusals('venue/src/site/events/Wall.tsx', "import { NavBar } from '../../platform/NavBar';")).toEqual([
      expect.stringContaining('The public site imports shared/ and the adapter only'),
    ]);
    expect(await refusals('venue/src/site/Wall.tsx', "import { DataTable } from '../backoffice/ui/DataTable';")).toEqual([
      expect.stringContaining('The public site imports shared/ and the adapter only'),
    ]);
    expect(await refusals('venue/src/site/events/Wall.test.tsx', "import { NavBar } from '../../platform/NavBar';")).toHaveLength(1);
  });

  it('keeps the visitor venue and the back office off the site, and shared/ off every app', async () => {
    expect(await refusals('venue/src/platform/programme/Wall.tsx', "import { EventCard } from '../../site/events/EventCard';")).toEqual([
      expect.stringContaining('The visitor venue imports neither the back office nor the public site'),
    ]);
    expect(await refusals('venue/src/backoffice/site-pages/Wall.tsx', "import { RichText } from '../../site/pages/RichText';")).toEqual([
      expect.stringContaining('The back office imports neither the visitor venue nor the public site'),
    ]);
    expect(await refusals('venue/src/shared/ui/Wall.tsx', "import { LoginPage } from '../../site/account/LoginPage';")).toEqual([
      expect.stringContaining('shared/ serves every app and imports none of them'),
    ]);
  });

  it('lets every app import shared/ and its own folders', async () => {
    expect(
      await refusals(
        'venue/src/site/events/Wall.tsx',
        [
          "import { ScreenPage } from '../../shared/ui/ScreenPage';",
          "import { useEvent } from '../../shared/event/api';",
          "import { priceTag } from '../../shared/commerce/price';",
          "import { catalogueQuery } from './api';",
          "import { maskCpf } from '../account/register';",
          "import '../../shared/i18n/site';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets only a feature’s api.ts import the API client', async () => {
    const client = "import { api } from '../../shared/api';";
    expect(await refusals('venue/src/site/account/ProfilePage.tsx', client)).toEqual([
      expect.stringContaining("Only a feature's api.ts imports the API client"),
    ]);
    expect(await refusals('venue/src/platform/lecture/useWatchHeartbeat.ts', client)).toHaveLength(1);
    expect(await refusals('venue/src/shared/hooks/usePageViews.ts', "import { api } from '../api';")).toHaveLength(1);
    expect(await refusals('venue/src/shared/download.ts', "import { api } from './api';")).toHaveLength(1);
    expect(
      await refusals('venue/src/backoffice/users/UsersPage.tsx', "import { createApiClient } from '@plataforma/adapter/client';"),
    ).toHaveLength(1);
    // A feature's own api.ts, a test (which stubs the client) and the type of an upload's options pass.
    expect(await refusals('venue/src/site/account/api.ts', client)).toEqual([]);
    expect(await refusals('venue/src/site/account/account.test.tsx', client)).toEqual([]);
    expect(await refusals('venue/src/shared/commerce/api.ts', "import { api } from '../api';")).toEqual([]);
    expect(await refusals('venue/src/site/account/RegisterPage.tsx', "import { registerClient } from './api';")).toEqual([]);
    expect(
      await refusals('venue/src/backoffice/ui/Upload.tsx', "import type { UploadOptions } from '@plataforma/adapter/client';"),
    ).toEqual([]);
  });
});
