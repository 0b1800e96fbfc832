// Preloaded into a stock Strapi command by scripts/strapi.mjs (node --require). Strapi's CLI
// compiles the TypeScript project before every command (`compileStrapi`), rewriting every file
// of cms/dist: under a running server, and under any other command or test run at the same
// time, which then loads half-written modules. scripts/strapi.mjs builds cms/dist the way
// `npm start` does (scripts/build.mjs, same tsconfig, only when its sources changed) before the
// command starts, so the command's own compile is left out here.
const tsUtils = require(require.resolve('@strapi/typescript-utils', { paths: [process.cwd()] }));

tsUtils.compile = async () => {};
