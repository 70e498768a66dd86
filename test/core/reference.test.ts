import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/context.js';
import { EXIT_CODE_MEANINGS } from '../../src/commands/exit-codes.js';
import { commandDocument, everyCommand } from '../../src/commands/help-layout.js';
import { ROOT } from '../../src/commands/index.js';
import { manPaths, referenceFiles } from '../../src/commands/reference/files.js';
import { ExitCode } from '../../src/errors.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');
const files = referenceFiles();

/** Roff back to plain text, as far as the generator escapes it. */
const unroff = (text: string) =>
  text
    .replaceAll('\\-', '-')
    .replaceAll('\\e', '\\')
    .replaceAll('\\&', '')
    .replace(/\\\[u([0-9A-F]{4})\]/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

describe('docs/commands and man/ are generated from the current command specs', () => {
  it('every checked-in file is what `npm run docs` writes now, and no other file is there', () => {
    const stale = [...files].filter(([path, text]) => {
      try {
        return read(path) !== text;
      } catch {
        return true;
      }
    });
    expect(stale.map(([p]) => p), 'run `npm run docs`').toEqual([]);
    const onDisk = ['docs/commands', 'man'].flatMap((dir) => readdirSync(join(REPO, dir)).map((n) => `${dir}/${n}`));
    expect(onDisk.sort()).toEqual([...files.keys()].sort());
  });

  it('package.json "man" installs every man page (npm install -g, npm link)', () => {
    const pkg = JSON.parse(read('package.json')) as { man?: string[]; files?: string[] };
    expect(pkg.man).toEqual(manPaths());
    expect(pkg.files).toContain('man');
    expect(files.has('man/mailctl-events-list.1')).toBe(true);
  });

  for (const chain of everyCommand(ROOT)) {
    const path = chain.map((c) => c.name);
    it(`mailctl ${path.join(' ')}: --help, docs/commands and man say the same things`, async () => {
      const help = await runInProcess([...path, '--help']);
      expect(help.exitCode).toBe(0);
      const md = files.get(`docs/commands/${path.join('-')}.md`)!;
      const man = unroff(files.get(`man/mailctl-${path.join('-')}.1`)!);
      const doc = commandDocument(ROOT, chain);
      const said = [
        doc.usage,
        ...doc.flags.map((f) => f.term),
        ...doc.args.map((a) => a.term),
        ...doc.commands.flatMap((g) => g.rows.map((r) => r.term)),
        ...doc.examples,
        ...(doc.api ? [doc.api] : []),
      ];
      for (const text of said) {
        expect(help.stdout, 'help').toContain(text);
        expect(md, 'markdown').toContain(text);
        expect(man, 'man page').toContain(text);
      }
      for (const code of doc.exitCodes) {
        expect(help.stdout).toMatch(new RegExp(`Exit codes: .*\\b${code}\\b`));
        expect(md).toContain(`| \`${code}\` | ${EXIT_CODE_MEANINGS[code]} |`);
        expect(man).toContain(EXIT_CODE_MEANINGS[code]);
      }
    });
  }

  const hasGroff = spawnSync('groff', ['--version']).status === 0;
  const strict = process.env.MAILCTL_CI_STRICT === '1';
  it.skipIf(!hasGroff && !strict)(`every man page renders without a groff warning${hasGroff ? '' : ' (SKIPPED: groff is not installed)'}`, () => {
    expect(hasGroff, 'groff must be installed when MAILCTL_CI_STRICT=1 (apt-get install groff)').toBe(true);
    for (const [path, text] of files) {
      if (!path.startsWith('man/')) continue;
      const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-z'], { input: text, encoding: 'utf8' });
      expect(r.stderr, path).toBe('');
    }
  });
});

describe('help layout (gh): own things first, inherited flags last', () => {
  const order = (text: string, headings: string[]) => headings.map((h) => text.indexOf(h));

  it('a verb: usage, summary, flags, examples, API, then inherited flags', async () => {
    const { stdout } = await runInProcess(['campaign', 'schedule', '--help']);
    const at = order(stdout, ['Usage: mailctl campaign schedule <campaign_id> [flags]', 'Schedule a draft campaign', '\nFlags:\n  --at <time>', '\nExamples:\n', '\nAPI: POST /campaigns/{campaignId}/schedule', '\nInherited flags']);
    expect(at.every((i) => i >= 0), stdout).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // compact: the global flags fill a few lines, without their descriptions
    const inherited = stdout.slice(stdout.indexOf('\nInherited flags')).trim().split('\n');
    expect(inherited.length).toBeLessThanOrEqual(5);
    expect(stdout).not.toContain('config profile to use');
  });

  it('a noun: its subcommands and examples before the inherited flags', async () => {
    const { stdout } = await runInProcess(['lists', '--help']);
    const at = order(stdout, ['Usage: mailctl lists <command> [flags]', '\nCommands:\n  attach', '\nExamples:\n  $ mailctl lists attach', '\nInherited flags']);
    expect(at.every((i) => i >= 0), stdout).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('the root: commands grouped (reading, writing, setup, tools) with examples, before the global flags', async () => {
    const { stdout } = await runInProcess(['--help']);
    const at = order(stdout, ['Reading commands:\n  events', 'Writing commands:', 'Setup commands:\n  auth', 'Tools:\n  api', 'Examples:\n  $ mailctl', 'Global flags']);
    expect(at.every((i) => i >= 0), stdout).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(stdout.slice(0, stdout.indexOf('Global flags'))).not.toContain('API root');
  });
});

describe('exit codes come from the ExitCode enum', () => {
  const codes = Object.values(ExitCode).filter((v): v is number => typeof v === 'number');

  it('`mailctl help exit-codes` lists every member with its meaning', async () => {
    const { stdout } = await runInProcess(['help', 'exit-codes']);
    for (const code of codes) expect(stdout).toMatch(new RegExp(`^  ${code} +${EXIT_CODE_MEANINGS[code as ExitCode].split(' ')[0]}`, 'm'));
  });

  it('no hand-written exit-code table in the README, docs or help topics', () => {
    const written = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(REPO, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
    for (const path of written) {
      const rows = read(path).split('\n').filter((l) => /^\|\s*`?(130|143|[0-9])`?\s*\|/.test(l));
      expect(rows, `${path} types an exit-code table: link docs/commands/README.md#exit-codes instead`).toEqual([]);
    }
    expect(read('src/commands/help-topics/topics.ts')).not.toMatch(/^\s+143\s/m);
  });
});
