// A Vitest reporter that writes each test file's time to the JSON file named by
// PLATAFORMA_FILE_TIMES (scripts/test.mjs lists the 20 slowest at the end of `npm test`).
// A file's time is what its worker spent on it: environment, harness, import and collection,
// setup files, then its tests and hooks (the API suites' Strapi boot is in their beforeAll).
import fs from 'node:fs';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const output = process.env.PLATAFORMA_FILE_TIMES;
    if (!output) return;
    const times = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: module.moduleId, project: module.project.name, seconds: ms / 1000 };
    });
    fs.writeFileSync(output, JSON.stringify(times));
  }
}
