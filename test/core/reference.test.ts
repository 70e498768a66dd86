import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/context.js';
import { EXIT_CODE_MEANINGS } from '../../src/commands/exit-codes.js';
import { commandDocument, everyCommand } from '../../src/commands/help-layout.js';
import { ROOT } from '../../src/commands/index.js';
import { manPaths, referenceFiles, withExitCodeBlock } from '../../src/commands/reference/files.js';
import { ExitCode } from '../../src/errors.js';
import { specOf } from '../../src/commands/register.js';
import { buildProgram } from '../../src/program.js';
import { testContext } from '../helpers/context.js';
import { tempDir } from '../helpers/cli.js';
import type { Command } from 'commander';

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
      // A `|` inside a markdown table cell is written `\|`, which renders as `|`.
      const md = files.get(`docs/commands/${path.join('-')}.md`)!.replaceAll('\\|', '|');
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

  // groff is not a shell, so test/helpers/tools.ts's probe (`-c 'exit 0'`) does not fit: same rule, own probe.
  it('every man page renders without a groff warning', (ctx) => {
    if (spawnSync('groff', ['--version'], { stdio: 'ignore' }).status !== 0) {
      if (process.env.MAILCTL_CI_STRICT === '1') throw new Error("groff not installed, and MAILCTL_CI_STRICT=1 forbids skipping (did .ci/run's apt-get install fail?)");
      console.warn('groff not installed: skipped; .ci/run installs it (groff-base)');
      ctx.skip('groff not installed: skipped; .ci/run installs it (groff-base)');
    }
    const pages = [...files].filter(([path]) => path.startsWith('man/'));
    // One groff run over every page (each a file, so a warning names it); only
    // when that run complains are the pages rendered one by one, for the page.
    const dir = tempDir('mailctl-man-');
    const names = pages.map(([path, text]) => {
      const name = join(dir, path.slice('man/'.length));
      writeFileSync(name, text);
      return name;
    });
    const all = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-z', ...names], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    if (all.stderr === '' && all.status === 0) return;
    for (const [path, text] of pages) {
      const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-z'], { input: text, encoding: 'utf8' });
      expect(r.stderr, path).toBe('');
      expect(r.status, path).toBe(0);
    }
    expect(all.stderr, 'groff over every page at once').toBe('');
    expect(all.status).toBe(0);
  });
});

describe('one source per command', () => {
  it('every command of the program was registered from a spec (none typed straight into commander)', async () => {
    const tc = await testContext();
    try {
      const missing: string[] = [];
      const visit = (cmd: Command, path: string[]) => {
        for (const sub of cmd.commands) {
          const words = [...path, sub.name()];
          if (!specOf(sub)) missing.push(words.join(' '));
          visit(sub, words);
        }
      };
      visit(buildProgram(tc.runtime), []);
      expect(missing, 'declare these in src/commands/<noun>/index.ts as a CommandSpec (CONTRIBUTING.md)').toEqual([]);
    } finally {
      await tc.close();
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
    const at = order(stdout, ['Usage: mailctl lists <command> [flags]', '\nCommands:\n  list', '\nExamples:\n  $ mailctl lists list', '\nInherited flags']);
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

  it("README.md's exit-code table is the generated block, current", () => {
    const readme = read('README.md');
    expect(readme, 'run `npm run docs`').toBe(withExitCodeBlock(readme));
    for (const code of codes) expect(readme).toContain(`| \`${code}\` | ${EXIT_CODE_MEANINGS[code as ExitCode]} |`);
  });

  it('no hand-written exit-code table in the README, docs or help topics', () => {
    const written = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(REPO, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
    for (const path of written) {
      const text = read(path).replace(/<!-- exit-codes:begin[\s\S]*?<!-- exit-codes:end -->/, '');
      // a table headed "code" (or "exit code") is an exit-code table
      const rows = text.split('\n').filter((l) => /^\|\s*(exit )?code\s*\|/i.test(l));
      expect(rows, `${path} types an exit-code table: link docs/commands/README.md#exit-codes instead`).toEqual([]);
    }
    expect(read('src/commands/help-topics/topics.ts')).not.toMatch(/^\s+143\s/m);
  });
});

describe('documentation links', () => {
  it('every relative link of README.md, CONTRIBUTING.md and docs/ points at a file of the repository', () => {
    const pages = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(REPO, 'docs'), { recursive: true }).map(String).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
    const broken: string[] = [];
    for (const page of pages) {
      const text = read(page).replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target!)) continue;
        const file = target!.split('#')[0]!;
        if (!file) continue;
        const resolved = join(REPO, page, '..', file);
        if (!resolved.startsWith(REPO)) broken.push(`${page}: ${target} leaves the repository`);
        else {
          try {
            readFileSync(resolved);
          } catch {
            broken.push(`${page}: ${target} does not exist`);
          }
        }
      }
      if (/\.\.\/shared\//.test(read(page))) broken.push(`${page}: names ../shared/, outside the repository`);
    }
    expect(broken).toEqual([]);
  });
});

describe('the command lines of the guides', () => {
  interface TreeFlag { name: string; short: string | null; value: string | null; negatable: boolean }
  interface Tree { global_flags: TreeFlag[]; commands: Array<{ path: string; flags: TreeFlag[] }> }
  const pages = () => ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(REPO, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];

  /** Every `mailctl ...` a reader may copy: the lines of sh and console blocks, and inline code outside blocks. */
  function commandLines(text: string): Array<{ line: number; words: string[] }> {
    const out: Array<{ line: number; words: string[] }> = [];
    let block: string | undefined;
    text.split('\n').forEach((line, i) => {
      if (line.startsWith('```')) {
        block = block === undefined ? line.slice(3) : undefined;
        return;
      }
      const spans = block === undefined ? [...line.matchAll(/`(mailctl [^`]*)`/g)].map((m) => m[1]!) : ['sh', 'console', ''].includes(block) ? [...line.matchAll(/(?:^|\$ |[|;&] *|\$\(|^\S+=\S+ )(mailctl [^|;&)#`]*)/g)].map((m) => m[1]!) : [];
      for (const span of spans) out.push({ line: i + 1, words: span.trim().replace(/\\$/, '').split(/\s+/).slice(1) });
    });
    return out;
  }

  it('name commands and flags that exist: a renamed or removed flag fails here, not in a reader\'s shell', async () => {
    const tree = JSON.parse((await runInProcess(['commands', '--json'], { emulator: false })).stdout) as Tree;
    const names = (flags: TreeFlag[]) => new Set(flags.flatMap((f) => [f.name, ...(f.short ? [f.short] : []), ...(f.negatable ? [`--no-${f.name.slice(2)}`] : [])]));
    const globals = names(tree.global_flags);
    for (const extra of ['--help', '-h', '--version', '-V']) globals.add(extra);
    const takesValue = new Set(tree.global_flags.filter((f) => f.value).flatMap((f) => [f.name, ...(f.short ? [f.short] : [])]));
    const byPath = new Map(tree.commands.map((c) => [c.path, c]));
    const nouns = new Set(tree.commands.map((c) => c.path.split(' ')[0]));
    const wrong: string[] = [];
    let checked = 0;
    for (const page of pages()) {
      for (const { line, words } of commandLines(read(page))) {
        const at = `${page}:${line}: mailctl ${words.join(' ')}`;
        // global flags may come first: `mailctl --profile prod campaign list`
        let i = 0;
        while (words[i]?.startsWith('-')) i += takesValue.has(words[i]!) ? 2 : 1;
        const [first, second] = [words[i], words[i + 1]];
        // placeholders and prose (`mailctl COMMAND --help`, `mailctl <TAB>`), help, and the typos shell.md shows on purpose
        if (first === undefined || first === 'help' || !/^[a-z]/.test(first) || first.includes('<TAB>') || first === 'camp') continue;
        const path = byPath.has(`${first} ${second}`) ? `${first} ${second}` : byPath.has(first) ? first : undefined;
        if (!path) {
          if (!nouns.has(first)) wrong.push(`${at}: no command ${first}`);
          else if (second && /^[a-z][a-z-]*$/.test(second) && !second.includes('<TAB>')) wrong.push(`${at}: no command ${first} ${second}`);
          continue;
        }
        checked++;
        const own = names(byPath.get(path)!.flags);
        for (const word of words.slice(i)) {
          const flag = /^(--?[a-zA-Z][\w-]*)/.exec(word)?.[1];
          if (flag && !own.has(flag) && !globals.has(flag) && !(path === 'campaign list' && flag === '--stauts')) wrong.push(`${at}: ${path} has no flag ${flag}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it("docs/shell.md's help example is what `mailctl help campaign schedule` prints", async () => {
    const page = read('docs/shell.md');
    const start = page.indexOf('$ mailctl help campaign schedule');
    const shown = page.slice(page.indexOf('\n', start) + 1, page.indexOf('```', start));
    const { stdout } = await runInProcess(['help', 'campaign', 'schedule'], { emulator: false });
    expect(shown).toBe(stdout);
  });
});

describe('the environment variables', () => {
  // every variable cli.md names: the global options, the archive, the pager, the network
  const CLI_MD = ['MAILCTL_API_KEY', 'MAILCTL_BASE_URL', 'MAILCTL_PROFILE', 'MAILCTL_CONFIG_DIR', 'MAILCTL_DB', 'XDG_DATA_HOME', 'PGPASSWORD',
    'MAILCTL_PAGER', 'PAGER', 'NO_COLOR', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'NODE_EXTRA_CA_CERTS'];

  it('`mailctl help environment` names every variable of cli.md, and man mailctl(1) has the same ENVIRONMENT', async () => {
    const { stdout } = await runInProcess(['help', 'environment'], { emulator: false });
    expect(CLI_MD.filter((v) => !new RegExp(`\\b${v}\\b`).test(stdout))).toEqual([]);
    const man = unroff(read('man/mailctl.1'));
    const section = man.slice(man.indexOf('.SH ENVIRONMENT'), man.indexOf('.SH "EXIT STATUS"'));
    const named = [...stdout.matchAll(/^ {2}([A-Z][A-Z_]+)/gm)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(15);
    expect(named.filter((v) => !section.includes(v))).toEqual([]);
  });
});
