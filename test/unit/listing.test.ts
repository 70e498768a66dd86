import { describe, expect, it } from 'vitest';
import { commandLine, shellQuote } from '../../src/output/command-line.js';
import { nextPageCommand, runListing } from '../../src/commands/listing.js';
import type { Context, GlobalOptions, Printable } from '../../src/context.js';
import { checkFields } from '../../src/output/fields.js';
import type { OutputTarget } from '../../src/output/types.js';
import { CliError, NetworkError } from '../../src/errors.js';

type Row = { id: string };

/** Just what the listing runner reads of a Context: output, notices, spinner, global flags. */
function fakeContext(format: OutputTarget['format'], globals: Partial<GlobalOptions> = {}) {
  const state = { stdout: '', notices: [] as string[], spinner: [] as string[] };
  const target: OutputTarget = { format, isTTY: false, columns: 80, color: false, now: () => 0, write: async (t) => void (state.stdout += t) };
  const ctx = {
    globals,
    signal: new AbortController().signal,
    // as the real Context: the columns and fields a command prints check --fields
    output: (prints?: Printable) => {
      if (prints) checkFields(target.fields, prints.columns ?? [], prints.fields);
      return target;
    },
    notice: (m: string) => void state.notices.push(m),
    warn: (m: string) => void state.notices.push(`warning: ${m}`),
    pageOutput: async () => undefined,
    spinner: async (t: string) => {
      state.spinner.push(t);
      return { update: (u: string) => void state.spinner.push(u), stop: () => undefined };
    },
  } as unknown as Context;
  return { ctx, state };
}

const spec = { columns: [{ key: 'id', header: 'ID', value: (r: Row) => r.id }], fields: ['id'] };

async function* pages(...lists: string[][]) {
  for (const ids of lists) yield { items: ids.map((id) => ({ id })) };
}

describe('listing runner', () => {
  it('writes every page as it comes, reports progress and where it stopped', async () => {
    const { ctx, state } = fakeContext('ndjson');
    const seen: number[] = [];
    const r = await runListing(ctx, { spec, pages: pages(['a', 'b'], ['c']), progress: (_p, n) => void seen.push(n) });
    expect(state.stdout).toBe('{"id":"a"}\n{"id":"b"}\n{"id":"c"}\n');
    expect(seen).toEqual([2, 3]);
    expect(r.count).toBe(3);
    expect(r.last?.items.map((x) => x.id)).toEqual(['c']);
  });

  it('stops early when asked and closes a JSON array even when the pages fail', async () => {
    const { ctx, state } = fakeContext('json');
    const r = await runListing(ctx, { spec, pages: pages([], ['a'], ['b']), stopAfter: (p) => p.items.length > 0 });
    expect(JSON.parse(state.stdout)).toEqual([{ id: 'a' }]);
    expect(r.count).toBe(1);

    const failing = fakeContext('json');
    async function* broken() {
      yield { items: [{ id: 'x' }] };
      throw new Error('page 2 failed');
    }
    await expect(runListing(failing.ctx, { spec, pages: broken() })).rejects.toThrow('page 2 failed');
    expect(JSON.parse(failing.state.stdout)).toEqual([{ id: 'x' }]);
  });

  it('names the command for the rest when a page read fails after some were written, not when the writing fails', async () => {
    const failing = fakeContext('ndjson');
    async function* broken() {
      yield { items: [{ id: 'x' }, { id: 'y' }], next: 'C2' };
      throw new NetworkError('page 2: connection reset by the server');
    }
    const resume = (page: { next: string }, written: number) => `mailctl x list --cursor ${page.next} --limit ${10 - written}`;
    await expect(runListing(failing.ctx, { spec, pages: broken(), resume })).rejects.toThrow('page 2: connection reset');
    expect(failing.state.notices).toEqual(['warning: stopped after 1 page (2 rows written). The rest:\n  mailctl x list --cursor C2 --limit 8']);

    // a server that loops its cursors (a plain CliError from the paging guards) would loop again from there
    const looping = fakeContext('ndjson');
    async function* loops() {
      yield { items: [{ id: 'x' }], next: 'C1' };
      throw new CliError('GET /x sent the cursor C1 twice: stopped rather than page for ever');
    }
    await expect(runListing(looping.ctx, { spec, pages: loops(), resume })).rejects.toThrow('twice');
    expect(looping.state.notices).toEqual([]);

    const full = fakeContext('ndjson');
    (full.ctx.output() as { write: (t: string) => Promise<void> }).write = async () => {
      throw new Error('EPIPE');
    };
    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) yield { items: [{ id: String(i) }], next: `C${i}` };
      } finally {
        closed = true;
      }
    }
    await expect(runListing(full.ctx, { spec, pages: endless(), resume })).rejects.toThrow('EPIPE');
    expect(full.state.notices).toEqual([]);
    expect(closed, 'the pages were closed, as for-await closes them').toBe(true);
  });

  it('refuses an unknown --fields name before reading a page', async () => {
    const { ctx } = fakeContext('json');
    let read = false;
    async function* watched() {
      read = true;
      yield { items: [] as Row[] };
    }
    (ctx.output() as { fields?: string[] }).fields = ['nope'];
    await expect(runListing(ctx, { spec, pages: watched() })).rejects.toThrow('--fields: unknown field "nope"');
    expect(read).toBe(false);
  });
});

describe('next-page command', () => {
  it('puts the position after the command flags and repeats --profile and --base-url', () => {
    const { ctx } = fakeContext('table', { profile: 'prod eu', baseUrl: 'https://api.example.com/v1' });
    expect(nextPageCommand(ctx, ['campaign', 'list'], ['--status', 'sent'], ['--page', '3'])).toBe(
      "mailctl campaign list --status sent --page 3 --profile 'prod eu' --base-url https://api.example.com/v1",
    );
  });

  it.each([
    [{ utc: true }, ['--utc']],
    [{ output: 'csv', fields: 'id', csvRaw: true }, ['--output', 'csv', '--fields', 'id', '--csv-raw']],
    [{ color: false }, ['--no-color']],
    [{}, []],
  ] as Array<[Partial<GlobalOptions>, string[]]>)('repeats the flags that change what the next page means or how it prints: %j', (globals, flags) => {
    // --utc: the hint's dates (--from 2026-11-25) are days of the display zone; without it they would be local days
    const { ctx } = fakeContext('table', globals);
    expect(nextPageCommand(ctx, ['events', 'list'], ['--from', '2026-11-25'], ['--cursor', 'c'])).toBe(
      ['mailctl events list --from 2026-11-25 --cursor c', ...flags].join(' '),
    );
  });

  it('quotes for a POSIX shell only where needed', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(commandLine(['events', 'list'], ['--recipient', 'a@b.example', '--cursor', 'x y'])).toBe("mailctl events list --recipient a@b.example --cursor 'x y'");
  });
});
