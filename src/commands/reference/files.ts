import { ROOT } from '../index.js';
import { manFiles } from './man.js';
import { markdownFiles } from './markdown.js';

/**
 * Every generated reference file (docs/commands/*.md, man/*.1) by path from
 * the repository root: `npm run docs` writes them, test/core/reference.test.ts
 * checks the checked-in copies against them.
 */
export function referenceFiles(): Map<string, string> {
  return new Map([...markdownFiles(ROOT), ...manFiles(ROOT)]);
}

/** package.json "man": the pages `npm install -g` and `npm link` install. */
export function manPaths(): string[] {
  return [...manFiles(ROOT).keys()].map((p) => `./${p}`);
}
