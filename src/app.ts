// The entry of dist/app.js, the CommonJS bundle of everything main.ts runs after
// its fast paths (see scripts/build.mjs and src/boot/code-cache.ts). Each module is
// evaluated only when its loader is called: `--help` of a noun never runs the
// code of a verb, and zod and undici are bundles of their own (dist/vendor/),
// read only by the verbs that import them.

export const loadErrors = () => import('./errors.js');
export const loadProgram = () => import('./commands/root.js');
export const loadOutputError = () => import('./output/error.js');
export const loadFileStdout = () => import('./output/file-stdout.js');
