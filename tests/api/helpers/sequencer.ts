// Vitest's order, with the longest API files first (decision 074). The API files run on two
// workers, so a long file that starts last keeps one worker busy after the other has finished.
// Vitest itself starts the files that were slowest in the last run first, but it keeps those
// times in node_modules/.vite, which CI's `npm ci` removes: there it orders by file size, and
// backup.test.ts (6 KB, 70–79 s) came last. These are the slowest files of the last full runs.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const slowest: readonly string[] = [
  'tests/api/cms/backup.test.ts',
  'tests/api/cms/demo-seed.test.ts',
  'tests/api/cms/admin-content-types.test.ts',
  'tests/api/cms/cli.test.ts',
  'tests/api/jobs/jobs.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const index = slowest.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? slowest.length : index;
    };
    // Array.prototype.sort is stable: every other file keeps Vitest's place.
    return sorted
      .map((file, place) => ({ file, place }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.place - b.place)
      .map(({ file }) => file);
  }
}
