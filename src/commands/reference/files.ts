import { ROOT } from '../index.js';
import { manFiles } from './man.js';
import { exitCodeMarkdown, markdownFiles } from './markdown.js';

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

const BLOCK = /(<!-- exit-codes:begin[^>]*-->\n)[\s\S]*?(\n<!-- exit-codes:end -->)/;

/**
 * README.md with its exit-code block (between the exit-codes:begin and
 * exit-codes:end comments) generated from the ExitCode enum.
 */
export function withExitCodeBlock(readme: string): string {
  if (!BLOCK.test(readme)) throw new Error('README.md has no <!-- exit-codes:begin --> ... <!-- exit-codes:end --> block');
  return readme.replace(BLOCK, (_, begin: string, end: string) => `${begin}${exitCodeMarkdown()}${end}`);
}
