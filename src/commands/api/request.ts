import { createReadStream } from 'node:fs';
import type { HttpMethod, QueryValue } from '../../api/client.js';
import type { Context } from '../../context.js';
import { CliError, UsageError } from '../../errors.js';
import type { ListSpec } from '../../output/types.js';
import { jsonText } from '../../output/json.js';
import { runListing } from '../listing.js';
import { arg, command, flag, type Parsed } from '../define.js';
import { printDryRun } from '../write.js';
import { addQuery, buildBody, buildQueryFromFields, parseFieldSpec, parseRequestPath, typedValue, type FieldSpec } from '../../input/api-fields.js';
import { apiPages } from '../../api/any-pages.js';
import { requestRetryAt } from '../../api/operations.js';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Options {
  method: HttpMethod;
  path: string;
  /** from PATH?a=b and --query, in that order */
  query: Record<string, string | string[]>;
  fields: FieldSpec[];
  input?: string;
  paginate: boolean;
  dryRun: boolean;
}

function strings(v: unknown): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
}

const ARGS = {
  method: arg('GET, POST, PUT, PATCH or DELETE (any case)', { values: METHODS }),
  path: arg('path below the base URL, starting with "/"; may carry ?query'),
};

const FLAGS = {
  field: flag
    .repeated(
      "JSON body field (query parameter for GET); true, false, null and numbers are typed, @file reads a file's text, @- stdin; a.b=v nests, a[]=v appends (repeatable)",
      { value: 'key=value' },
    )
    .alias('F'),
  rawField: flag.repeated('like --field, but the value is always a string (repeatable)', { value: 'key=value' }).alias('f'),
  query: flag.repeated('query parameter, sent as given; a name repeated is joined with commas (repeatable)', { value: 'key=value' }),
  input: flag.string('raw JSON body from a file, or - for stdin (at most 16 MiB); not with --field (must be valid JSON)', { value: 'file' }),
  paginate: flag.boolean('GET only: follow next_cursor or page numbers up to last_page and print one JSON array of the items (NDJSON with --ndjson)'),
  dryRun: flag.boolean('print the request (secrets masked) without sending it'),
};

function check(o: Parsed<typeof FLAGS, typeof ARGS>): Options {
  const input = { args: [o.method, o.path], opts: o as Record<string, unknown> };
  const [methodText = '', pathText = ''] = input.args;
  const method = methodText.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) throw new UsageError(`METHOD: must be one of ${METHODS.join(', ')} (got "${methodText}")`);
  const { path, query } = parseRequestPath(pathText, strings(input.opts.query));

  const fields = [
    ...strings(input.opts.field).map((t) => parseFieldSpec(t, '--field')),
    ...strings(input.opts.rawField).map((t) => parseFieldSpec(t, '--raw-field')),
  ];
  const inputFile = input.opts.input as string | undefined;
  if (inputFile !== undefined && fields.length) {
    throw new UsageError('--input cannot be combined with --field or --raw-field', { hint: 'put every field into the JSON of --input' });
  }
  if (inputFile !== undefined && method === 'GET') throw new UsageError('--input: a GET request has no body', { hint: 'use --query or --field' });
  if (fields.filter((f) => f.raw === '@-').length > 1) throw new UsageError('--field: only one value can be read from stdin (@-)');
  const paginate = o.paginate;
  if (paginate && method !== 'GET') throw new UsageError(`--paginate: only GET requests are paginated (got ${method})`);
  return { method, path, query, fields, input: inputFile, paginate, dryRun: o.dryRun };
}

/** A file or stdin ("-") as text, bounded (input/bounded-text.ts): every failure is a usage error naming `what`. */
export async function readText(ctx: Context, file: string, what: string): Promise<string> {
  const { readBoundedText } = await import('../../input/bounded-text.js');
  if (file === '-') return readBoundedText(ctx.io.stdin, `${what} (stdin)`, ctx.signal);
  try {
    return await readBoundedText(createReadStream(file), `${what} ${file}`, ctx.signal);
  } catch (error) {
    if (error instanceof CliError) throw error;
    const e = error as NodeJS.ErrnoException;
    const reason = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a directory' : e.message;
    throw new UsageError(`${what}: cannot read ${file}: ${reason}`);
  }
}

interface Prepared {
  query: Record<string, QueryValue>;
  body?: unknown;
}

/** Reads @files and --input, then builds query and body: every usage error before anything is sent. */
async function prepare(opts: Options, ctx: Context): Promise<Prepared> {
  const resolved = [];
  for (const spec of opts.fields) {
    const text = spec.raw.startsWith('@') ? await readText(ctx, spec.raw.slice(1), `${spec.flag} ${spec.text}`) : spec.raw;
    resolved.push({ spec, text });
  }
  const query: Record<string, string | string[]> = { ...opts.query };
  if (opts.method === 'GET') {
    const fromFields = buildQueryFromFields(resolved.map((r) => ({ spec: r.spec, value: r.text })));
    for (const [k, v] of Object.entries(fromFields)) for (const item of strings(v)) addQuery(query, k, item);
    return { query };
  }
  if (opts.input !== undefined) {
    const text = await readText(ctx, opts.input, '--input');
    try {
      return { query, body: JSON.parse(text) };
    } catch (error) {
      throw new UsageError(`--input: ${opts.input === '-' ? 'stdin' : opts.input} is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (opts.fields.length === 0) return { query };
  // A file's text is a string, as with gh: `--field html=@page.html`.
  const body = buildBody(resolved.map((r) => ({ spec: r.spec, value: r.spec.typed && !r.spec.raw.startsWith('@') ? typedValue(r.text) : r.text })));
  return { query, body };
}

/** api prints JSON only: table and csv make no sense for an arbitrary body. */
function jsonFormat(ctx: Context): 'json' | 'ndjson' {
  const out = ctx.output();
  if (out.fields) throw new UsageError('--fields is not supported by `mailctl api`', { hint: 'pipe the JSON to jq to pick fields' });
  const setting = ctx.settings().output;
  if (setting.value === 'ndjson') return 'ndjson';
  if (setting.value !== 'json' && setting.source === 'flag') {
    throw new UsageError(`--output ${setting.value} is not supported by \`mailctl api\`: it prints JSON (or NDJSON with --ndjson)`);
  }
  return 'json';
}

/** `api` prints the API's items as they are: no columns, no field selection. */
const ANY_ITEMS: ListSpec<unknown> = { columns: [], fields: [] };

async function run(opts: Options, ctx: Context): Promise<void> {
  const format = jsonFormat(ctx);
  const prepared = await prepare(opts, ctx);
  // A password sent under a secret field (auth_password, oauth_client_secret, ...) is a secret of
  // the run, as it is for `webhook set`: the dry run masks it, and a server's echo is scrubbed.
  const { secretValues } = await import('../../api/redact.js');
  for (const secret of [...secretValues(prepared.body), ...secretValues(prepared.query)]) ctx.addSecret(secret);
  // A dry run needs the base URL but no key, and honours --json, like every other write.
  if (opts.dryRun) return printDryRun(ctx, { method: opts.method, path: opts.path, query: prepared.query, body: prepared.body });
  const api = await ctx.api();
  const pretty = format === 'json' && ctx.io.stdoutIsTTY;
  if (!opts.paginate) {
    const res = await api.request({ method: opts.method, path: opts.path, query: prepared.query, body: prepared.body, ...requestRetryAt(opts.method, opts.path) });
    // 204 has no body: print none, as gh api does, rather than the client's stand-in {}
    if (res.status === 204) return;
    const out = ctx.output();
    await ctx.pageOutput();
    await out.write(`${format === 'json' ? jsonText(res.body, out, pretty) : JSON.stringify(res.body)}\n`);
    return;
  }
  // Items of every page: one JSON array (closed even on error or Ctrl-C), or NDJSON as pages come.
  await runListing(ctx, { spec: ANY_ITEMS, pages: apiPages(api, opts.path, prepared.query), prettyJson: pretty, target: { ...ctx.output(), format } });
}

export default command({
  name: 'api',
  summary: "send any request of the API with the profile's key and base URL, retries and pacing; print the JSON answer",
  description: [
    'Prints the response body as JSON: indented on a terminal, on one line in a pipe.',
    'Exit codes follow the HTTP status as for every command.',
  ].join('\n'),
  group: 'tools',
  args: ARGS,
  flags: FLAGS,
  examples: [
    'mailctl api GET /campaigns --query status=scheduled --paginate --ndjson',
    'mailctl api PATCH /audience/topics/3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f -F visibility=private -F description=null',
    'mailctl api DELETE /audience/contacts/lists/bulk --input detach.json',
  ],
  operation: 'any operation (METHOD PATH)',
  check,
  run,
});
