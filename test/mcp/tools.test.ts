// The tools of `mailctl mcp` against the command tree that `mailctl commands --json`
// prints: every command that calls the API or reads the archive has exactly one tool,
// except those the documented rules leave out (docs/agents.md), and each tool's input
// is the command's arguments and flags minus the documented ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { runInProcess } from '../helpers/context.js';
import { connect, type Connected } from './support.js';

interface TreeFlag { name: string; key: string; type: string; value: string | null; value_optional: boolean; hidden: boolean; required: boolean; min: number | null; max: number | null; values: string[] | null; description: string }
interface TreeCommand { path: string; summary: string; hidden: boolean; arguments: { name: string; required: boolean; description: string }[]; flags: TreeFlag[]; operation: { method: string; scope: string | null } | { description: string } | null }

/** The documented reasons a command has no tool (docs/agents.md "What is left out"). */
const REASONS = [
  /^declares no API operation$/,
  /^its requests are not known before the call$/,
  /^runs until stopped$/,
  /^its [-\w]+ (names a local file|is a local file)$/,
];

/** The files a command reads whole, whose tool input is the text itself (docs/agents.md "Text instead of files"). */
const TEXT_INPUTS: Record<string, string[]> = {
  'email send': ['html', 'text', 'amp_html'],
  'template create': ['html', 'json'],
  'template update': ['html', 'json'],
  'segment create': ['conditions'],
  'segment update': ['conditions'],
  'lists attach': ['contacts_file', 'lists_file'],
  'lists detach': ['contacts_file', 'lists_file'],
  'contact import': ['file'],
};
const carriesText = (cmd: TreeCommand, key: string) => TEXT_INPUTS[cmd.path]?.includes(key) ?? false;

/** The documented flags that are never inputs. */
function leftOut(f: TreeFlag, cmd: TreeCommand): boolean {
  if (carriesText(cmd, f.key)) return false;
  return f.hidden || ['follow', 'dry_run', 'yes'].includes(f.key) || f.key.endsWith('_stdin') || (/^<(file|dir|path)>$/.test(f.value ?? '') && !f.value_optional);
}

const propertyOf = (f: TreeFlag) => f.name.slice(2).replace(/-/g, '_');

let tree: TreeCommand[];
let c: Connected;
let tools: Tool[];

beforeAll(async () => {
  const r = await runInProcess(['commands', '--json'], { emulator: false, key: null });
  tree = (JSON.parse(r.stdout) as { commands: TreeCommand[] }).commands;
  c = await connect({ emulator: false, key: null });
  tools = (await c.client.listTools()).tools;
});
afterAll(() => c.close());

describe('tools/list', () => {
  it('has one tool per command, named <noun>_<verb> (or the command), and every other command is left out by a documented rule', () => {
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const toolPaths = new Set(names);
    for (const cmd of tree) {
      const name = cmd.path.replace(/ /g, '_');
      const out = c.excluded.find((e) => e.path === cmd.path);
      expect(toolPaths.has(name) !== Boolean(out), cmd.path).toBe(true);
      if (out) expect(REASONS.some((r) => r.test(out.reason)), `${cmd.path}: ${out.reason}`).toBe(true);
      // a command with one API operation, no required local file and an end is always a tool
      const fixed = cmd.operation !== null && 'method' in cmd.operation;
      const needsFile = cmd.flags.some((f) => f.required && leftOut(f, cmd));
      const endless = cmd.flags.some((f) => f.key === 'poll_interval') && !cmd.flags.some((f) => f.key === 'follow');
      if (fixed && !needsFile && !endless) expect(toolPaths.has(name), cmd.path).toBe(true);
      // an API command, or one of the event archive alone (its --db: events prune)
      if (cmd.operation === null) expect(toolPaths.has(name), cmd.path).toBe(cmd.flags.some((f) => f.key === 'db'));
    }
    expect(names).toEqual(expect.arrayContaining(['report', 'doctor', 'campaign_list', 'topic_delete', 'events_sync', 'events_prune']));
    for (const gone of ['webhook_listen', 'webhook_forward', 'emulator', 'auth_login', 'api', 'mcp', 'config_set']) expect(names).not.toContain(gone);
  });

  it("each tool's input is its arguments and flags in snake_case, minus the documented ones, plus confirm on writes", () => {
    for (const t of tools) {
      const cmd = tree.find((x) => x.path.replace(/ /g, '_') === t.name)!;
      const props = (t.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const args = cmd.arguments.map((a) => a.name);
      const flags = cmd.flags.filter((f) => !leftOut(f, cmd)).map(propertyOf);
      const write = t.annotations?.readOnlyHint === false;
      expect(Object.keys(props).sort(), t.name).toEqual([...args, ...flags, ...(write ? ['confirm'] : [])].sort());
      expect(t.description, t.name).toContain(cmd.summary);
      expect(t.inputSchema.required ?? [], t.name).toEqual(cmd.arguments.filter((a) => a.required).map((a) => a.name).concat(cmd.flags.filter((f) => f.required && !leftOut(f, cmd)).map(propertyOf)));
      for (const a of cmd.arguments.filter((x) => carriesText(cmd, x.name))) expect(props[a.name], `${t.name} ${a.name}`).toMatchObject({ type: 'string', description: expect.stringMatching(/the text itself, not a path/) });
      for (const f of cmd.flags.filter((x) => !leftOut(x, cmd))) {
        const p = props[propertyOf(f)]!;
        if (carriesText(cmd, f.key)) {
          expect(p, `${t.name} ${f.name}`).toMatchObject({ type: 'string', description: expect.stringMatching(new RegExp(`the text itself, not a path; on a terminal ${f.name} names a file, or - for stdin`)) });
          continue;
        }
        expect(p.description, `${t.name} ${f.name}`).toContain(f.description);
        if (f.value_optional && f.type !== 'list') expect(p.type).toBe('boolean');
        else if (f.type === 'integer' && f.key !== 'limit') expect([p.type, p.minimum, p.maximum], `${t.name} ${f.name}`).toEqual(['integer', f.min, f.max]);
        else if (f.type === 'enum') expect([p.type, p.enum]).toEqual(['string', f.values]);
        else if (f.type === 'list') expect(p.type).toBe('array');
        else if (f.type === 'boolean') expect(p.type).toBe('boolean');
      }
    }
  });

  it('reads are readOnlyHint; writes say destructiveHint where they delete or send', () => {
    const hints = (name: string) => tools.find((t) => t.name === name)!.annotations!;
    for (const read of ['events_list', 'campaign_show', 'report', 'doctor', 'campaign_check']) expect(hints(read).readOnlyHint, read).toBe(true);
    for (const del of ['topic_delete', 'contact_delete', 'email_cancel', 'domain_remove', 'lists_detach', 'email_send', 'campaign_send', 'events_prune']) {
      expect(hints(del), del).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    }
    for (const write of ['topic_create', 'topic_update', 'campaign_schedule', 'events_sync']) expect(hints(write), write).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(hints('topic_update').idempotentHint).toBe(true);
    expect(hints('topic_create').idempotentHint).toBe(false);
  });

  // MCP tool annotations: openWorldHint says whether the tool reaches an open world (the
  // service, its recipients) or a closed one; events_prune works on the local archive alone
  it('openWorldHint: true for a tool that calls the API, false for an archive-only one', () => {
    const hints = (name: string) => tools.find((t) => t.name === name)!.annotations!;
    expect(hints('events_prune').openWorldHint).toBe(false);
    for (const api of ['events_list', 'events_sync', 'email_send', 'report', 'topic_delete']) expect(hints(api).openWorldHint, api).toBe(true);
  });

  // cli.md: flags are inputs by their long names; listings are capped at 1,000 rows per call
  it('listings offer all (a boolean, capped) and no --follow: limit is at most 1000', () => {
    for (const t of tools) {
      const props = t.inputSchema.properties as Record<string, Record<string, unknown>>;
      expect(props.follow, t.name).toBeUndefined();
      if (props.limit) {
        expect(props.limit, t.name).toMatchObject({ type: 'integer', maximum: 1000 });
        expect(props.all, t.name).toMatchObject({ type: 'boolean' });
        expect(props.all!.description, t.name).toMatch(/at most 1000 rows per call/);
      }
    }
  });

  it('no input carries a secret or reads stdin; commands with secret flags say to set credentials from a terminal', () => {
    for (const t of tools) for (const p of Object.keys(t.inputSchema.properties ?? {})) expect(p, t.name).not.toMatch(/password|secret|token_stdin|_stdin$/);
    for (const name of ['webhook_create', 'webhook_set']) {
      const t = tools.find((x) => x.name === name)!;
      expect(Object.keys(t.inputSchema.properties!)).not.toContain('auth_password_stdin');
      expect(Object.keys(t.inputSchema.properties!)).not.toContain('oauth_client_secret_stdin');
      expect(t.description).toMatch(/--auth-password.*set them from a terminal/);
      // the summary, then the sentence about credentials: "…never from flags. Credentials (…"
      expect(t.description).toMatch(/[a-z]\. Credentials \(/);
    }
  });

  it('a file the command reads whole is an input of its text; no input names a local file', () => {
    const props = (name: string) => tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { type: string; description: string }>;
    expect(props('email_send').html).toMatchObject({ type: 'string', description: 'HTML body (the text itself, not a path; on a terminal --html names a file, or - for stdin)' });
    expect(props('contact_import').file).toMatchObject({ type: 'string', description: 'addresses (the text itself, not a path; on a terminal FILE names a file, or - for stdin)' });
    // a binary file, and files a command writes, are no inputs
    expect(Object.keys(props('email_send'))).not.toContain('attach');
    expect(Object.keys(props('report'))).not.toContain('html');
    expect(Object.keys(props('campaign_show'))).not.toContain('html_out');
    for (const gone of ['template_pull', 'template_push']) expect(tools.map((t) => t.name)).not.toContain(gone);
  });
});

describe('--read-only', () => {
  it('lists only read tools, and a write tool cannot be called', async () => {
    const ro = await connect({ emulator: false, key: null, readOnly: true });
    try {
      const listed = (await ro.client.listTools()).tools;
      expect(listed.length).toBeGreaterThan(10);
      expect(listed.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name)).toEqual([]);
      expect(listed.map((t) => t.name).sort()).toEqual(tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name).sort());
      // MCP: an unknown tool is a protocol error (-32602); this one says why it is not served
      const r = ro.call('topic_delete', { topic_id: '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', confirm: true });
      await expect(r).rejects.toMatchObject({ code: -32602, message: 'MCP error -32602: Unknown tool: topic_delete; mailctl topic delete has no tool here: writes (the server is --read-only)' });
    } finally {
      await ro.close();
    }
  });
});
