import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/context.js';
import { OPERATIONS } from '../../src/api/operations.js';
import { COMMANDS } from '../../src/commands/index.js';
import type { CommandDefinition } from '../../src/commands/define.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { UsageError } from '../../src/errors.js';

interface Tree {
  name: string;
  version: string;
  global_flags: Array<{ name: string; type: string; min: number | null; max: number | null; values: string[] | null; values_enforced: boolean }>;
  commands: Array<{
    path: string;
    arguments: Array<{ name: string; required: boolean }>;
    flags: Array<{
      name: string; key: string; description: string; type: string; min: number | null; max: number | null;
      values: string[] | null; values_enforced: boolean; default: unknown; default_text: string | null;
    }>;
    operation: { method: string; path: string; scope: string | null } | { description: string } | null;
    operations: Array<{ method: string; path: string; scope: string | null; sandbox_refused: boolean }>;
    exit_codes: number[];
  }>;
}

/** Every visible command path the specs declare, for comparison with what the command prints. */
function declaredPaths(): string[] {
  const out: string[] = [];
  const visit = (spec: CommandSpec, path: string[]) => {
    if (spec.hidden) return;
    if (spec.load) out.push([...path, spec.name].join(' '));
    for (const sub of spec.commands ?? []) visit(sub, [...path, spec.name]);
  };
  for (const spec of COMMANDS) visit(spec, []);
  return out;
}

/** Every visible command's definition by its path, to parse words as commander hands them over. */
function definitions(): Map<string, CommandDefinition> {
  const out = new Map<string, CommandDefinition>();
  const visit = (spec: CommandSpec, path: string[]) => {
    if ('parseInput' in spec) out.set([...path, spec.name].join(' '), spec as CommandDefinition);
    for (const sub of spec.commands ?? []) visit(sub, [...path, spec.name]);
  };
  for (const spec of COMMANDS) visit(spec, []);
  return out;
}

/** The messages of a usage error (the first line and the other flags' lines), or [] when the words parse. */
function parseProblems(definition: CommandDefinition, key: string, value: string): string[] {
  try {
    definition.parseInput({ args: [], opts: { [key]: value } });
    return [];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return [error.message, ...(error.details ?? [])];
  }
}

/** The values just inside and just outside a flag's bounds: [value, refused]. */
function boundaryValues(type: string, min: number | null, max: number | null): Array<[string, boolean]> {
  // a list's bounds are those of each item, whole numbers (`--bounce-class 10,30`)
  const whole = type === 'integer' || type === 'list';
  const step = whole ? 1 : 0.5;
  const out: Array<[string, boolean]> = [];
  if (min !== null) out.push([String(min), false], [String(min - step), true]);
  if (max !== null) out.push([String(max), false], [String(max + step), true]);
  if (whole) out.push([String((min ?? 0) + 0.5), true]);
  return out;
}

describe('mailctl commands', () => {
  it('--json states bounds exactly where the parser starts refusing: every bounded flag, at and beyond each bound', async () => {
    const tree = JSON.parse((await runInProcess(['commands', '--json'], { emulator: false })).stdout) as Tree;
    const byPath = definitions();
    const wrong: string[] = [];
    let checked = 0;
    for (const c of tree.commands) {
      for (const f of c.flags) {
        if (f.type === 'integer' || f.type === 'number') {
          // a numeric flag without bounds would let agents send anything
          if (f.min === null || f.max === null) wrong.push(`${c.path} ${f.name}: ${f.type} without min and max`);
        } else if ((f.min !== null || f.max !== null) && f.type !== 'list') {
          wrong.push(`${c.path} ${f.name}: bounds on a ${f.type}`);
        }
        if (f.min === null && f.max === null) continue;
        const key = f.key.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase());
        for (const [value, refused] of boundaryValues(f.type, f.min, f.max)) {
          checked++;
          const aboutFlag = parseProblems(byPath.get(c.path)!, key, value).filter((m) => m.startsWith(`${f.name}:`));
          if (refused && aboutFlag.length === 0) wrong.push(`${c.path} ${f.name} ${value}: accepted, outside [${f.min}, ${f.max}]`);
          if (!refused && aboutFlag.length > 0) wrong.push(`${c.path} ${f.name} ${value}: refused (${aboutFlag[0]}), inside [${f.min}, ${f.max}]`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(150);
    // the emulator's decimal flags are numbers with their bounds, not strings
    const emulator = tree.commands.find((c) => c.path === 'emulator')!;
    expect(emulator.flags.find((f) => f.name === '--fault-rate')).toMatchObject({ type: 'number', min: 0, max: 1, default: 0 });
    expect(emulator.flags.find((f) => f.name === '--webhook-retry-scale')).toMatchObject({ type: 'number', min: 0, max: 1000, default: 1 });
    // and a list of whole numbers states the bounds of each item
    const events = tree.commands.find((c) => c.path === 'events list')!;
    expect(events.flags.find((f) => f.name === '--bounce-class')).toMatchObject({ type: 'list', min: 1, max: 999 });

    // the global flags, through the whole command line: refused with exit 2, accepted at the bound
    const retries = tree.global_flags.find((f) => f.name === '--retries')!;
    expect(retries).toMatchObject({ type: 'integer', min: 0, max: 10 });
    for (const [value, refused] of boundaryValues('integer', retries.min, retries.max)) {
      const r = await runInProcess(['commands', '--retries', value], { emulator: false });
      expect(r.exitCode, `--retries ${value}: ${r.stderr}`).toBe(refused ? 2 : 0);
      if (refused) expect(r.stderr).toMatch(/--retries/);
    }
  });

  it('--json marks a value set as enforced exactly when another word is refused (exit 2)', async () => {
    const tree = JSON.parse((await runInProcess(['commands', '--json'], { emulator: false })).stdout) as Tree;
    const output = tree.global_flags.find((f) => f.name === '--output')!;
    expect(output).toMatchObject({ type: 'enum', values_enforced: true });
    const bad = await runInProcess(['commands', '--output', 'xml'], { emulator: false });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--output/);
    for (const value of output.values!.filter((v) => v !== 'markdown')) expect((await runInProcess(['commands', '--output', value], { emulator: false })).exitCode, value).toBe(0);
    // a command's enums and enforced lists: a word outside the set is refused by the parser
    const byPath = definitions();
    const wrong: string[] = [];
    for (const c of tree.commands) {
      for (const f of c.flags) {
        if (!f.values_enforced) continue;
        const key = f.key.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase());
        if (!parseProblems(byPath.get(c.path)!, key, 'no-such-value').some((m) => m.startsWith(`${f.name}:`))) wrong.push(`${c.path} ${f.name}: accepted a word outside its values`);
        for (const v of f.values!) if (parseProblems(byPath.get(c.path)!, key, v).some((m) => m.startsWith(`${f.name}:`))) wrong.push(`${c.path} ${f.name}: refused ${v}`);
      }
    }
    expect(wrong).toEqual([]);
  });


  it('--json prints the whole tree: every declared command, with typed flags, bounds, values, defaults, operation and exit codes', async () => {
    const r = await runInProcess(['commands', '--json'], { emulator: false });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const tree = JSON.parse(r.stdout) as Tree;
    expect(tree.name).toBe('mailctl');
    expect(tree.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(tree.global_flags.map((f) => f.name)).toEqual(expect.arrayContaining(['--profile', '--output', '--json', '--csv-raw']));
    expect(tree.commands.map((c) => c.path).sort()).toEqual(declaredPaths().sort());

    const list = tree.commands.find((c) => c.path === 'campaign list')!;
    expect(list.operation).toMatchObject({ method: 'GET', path: '/campaigns' });
    expect(list.flags.find((f) => f.name === '--per-page')).toMatchObject({ type: 'integer', min: 1, max: 100, default_text: '20; 100 with --all/--limit' });
    expect(list.flags.find((f) => f.name === '--status')).toMatchObject({ type: 'enum', values: expect.arrayContaining(['draft', 'scheduled']) });
    expect(list.exit_codes).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 5, 6, 7, 130, 143]));

    const schedule = tree.commands.find((c) => c.path === 'campaign schedule')!;
    expect(schedule.arguments).toEqual([expect.objectContaining({ name: 'campaign_id', required: true })]);
    expect(schedule.exit_codes).toContain(8);
    // a flag the command cannot run without says so, for scripts and agents (mcp marks it required)
    expect(schedule.flags.find((f) => f.name === '--at')).toMatchObject({ required: true });
    expect(tree.commands.find((c) => c.path === 'webhook forward')!.flags.find((f) => f.name === '--to')).toMatchObject({ required: true });
    const report = tree.commands.find((c) => c.path === 'report')!;
    expect(report.flags.find((f) => f.name === '--by')).toMatchObject({ type: 'enum', default: 'day' });
    expect(report.flags.find((f) => f.name === '--judge')).toMatchObject({ type: 'list', values: ['bounce', 'complaint', 'open', 'click'] });
    // no secret-carrying flag exists anywhere (they are read from stdin or env)
    for (const c of tree.commands) for (const f of c.flags) expect(f.name).not.toMatch(/--(auth-password|oauth-client-secret|bearer-token|signing-secret)$/);
  });

  it('--json lists under operations every request a command may send, as its help names them: every operation of the API is reachable', async () => {
    const tree = JSON.parse((await runInProcess(['commands', '--json'], { emulator: false })).stdout) as Tree;
    const byPath = new Map(tree.commands.map((c) => [c.path, c]));
    const names = (c: Tree['commands'][number]) => c.operations.map((o) => `${o.method} ${o.path}`);
    // the 15 of email-service-api.md and the 51 of service-api-rest.md, each with the spec's method and path
    const reachable = new Set(tree.commands.flatMap(names));
    expect(Object.values(OPERATIONS).map((o) => o.name).filter((name) => !reachable.has(name))).toEqual([]);
    expect(Object.keys(OPERATIONS)).toHaveLength(66);
    expect(names(byPath.get('email send')!)).toEqual(['POST /emails', 'POST /emails/scheduled']);
    expect(names(byPath.get('lists delete')!)).toEqual(['DELETE /audience/lists/{listId}', 'DELETE /audience/lists/bulk']);
    expect(names(byPath.get('template show')!)).toEqual(['GET /templates/{slug}', 'GET /templates/html']);
    expect(names(byPath.get('doctor')!)).toEqual(['GET /health', 'GET /auth/check', 'GET /domains', 'GET /webhooks']);
    expect(byPath.get('email send')!.operations[1]).toEqual({ method: 'POST', path: '/emails/scheduled', scope: 'emails:send', sandbox_refused: false });
    expect(names(byPath.get('api')!)).toEqual([]);
    expect(names(byPath.get('config get')!)).toEqual([]);

    // the help's API line names the same requests, no more and no fewer
    const wrong: string[] = [];
    for (const c of tree.commands) {
      if (c.path === 'api') continue;
      const help = await runInProcess([...c.path.split(' '), '--help'], { emulator: false });
      const line = /^API: (.*)$/m.exec(help.stdout)?.[1] ?? '';
      const named = [...new Set([...line.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[\w/{}.-]*)/g)].map((m) => `${m[1]} ${m[2]}`))];
      if (c.operation && 'method' in c.operation && !line.startsWith(`${c.operation.method} ${c.operation.path}`)) wrong.push(`${c.path}: the API line starts with ${line}`);
      if (c.operation && 'method' in c.operation && names(c)[0] !== `${c.operation.method} ${c.operation.path}`) wrong.push(`${c.path}: operations[0] is not its operation`);
      if ([...named].sort().join() !== [...new Set(names(c))].sort().join()) wrong.push(`${c.path}: help names ${named.join(', ')}; operations ${names(c).join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('--json lists every exit code a command is known to end with', async () => {
    const tree = JSON.parse((await runInProcess(['commands', '--json'], { emulator: false })).stdout) as Tree;
    const codes = (path: string) => tree.commands.find((c) => c.path === path)!.exit_codes;
    // auth status prints what it found, then exits 3 when there is no key (test/core/config.test.ts)
    expect(codes('auth status')).toContain(3);
    // campaign send --check runs campaign check first: exit 8 when a check fails (test/cli/campaign-send-now.test.ts)
    expect(codes('campaign send')).toContain(8);
    for (const path of ['report', 'campaign check', 'campaign schedule', 'domain verify', 'webhook listen', 'doctor']) expect(codes(path), path).toContain(8);
  });

  it('--json gives a default its help states in default_text, not only in the description', async () => {
    const tree = JSON.parse((await runInProcess(['commands', '--json'], { emulator: false })).stdout) as Tree;
    const flagOf = (path: string, name: string) => tree.commands.find((c) => c.path === path)!.flags.find((f) => f.name === name)!;
    // cli.md: `webhook listen --port` "default a free one"; lists attach/detach CSV "first column or --column NAME";
    // webhook create "no --events sends events_mode: all"
    expect(flagOf('webhook listen', '--port').default_text).toBe('a free one, printed on stderr');
    expect(flagOf('lists attach', '--column').default_text).toBe('the first column');
    expect(flagOf('contact import', '--column').default_text).toBe('the first column');
    expect(flagOf('webhook create', '--events').default_text).toBe('every event');
    expect(flagOf('webhook set', '--events').default_text).toBeNull();
    const inText = tree.commands.flatMap((c) => c.flags.filter((f) => /\(default\b/.test(f.description)).map((f) => `${c.path} ${f.name}`));
    expect(inText).toEqual([]);
  });

  it('in a pipe prints one tab-separated row per command; --ndjson one object per command', async () => {
    const tsv = await runInProcess(['commands'], { emulator: false });
    expect(tsv.exitCode).toBe(0);
    const rows = tsv.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.find((r) => r[0] === 'webhook set')?.[2]).toBe('PUT /webhooks/{webhookId}');
    const nd = await runInProcess(['commands', '--ndjson'], { emulator: false });
    const paths = nd.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { path: string }).path);
    expect(paths).toContain('events list');
    expect(paths).not.toContain('completion profiles');
  });
});
