import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { HttpMethod, QueryValue } from '../../api/client.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { ListSpec } from '../../output/types.js';
import { jsonText } from '../../output/json.js';
import { runListing } from '../listing.js';
import type { RawInput } from '../verb.js';
import { printDryRun } from '../write.js';
import { addQuery, buildBody, buildQueryFromFields, parseFieldSpec, typedValue, type FieldSpec } from './fields.js';
import { apiPages } from './pages.js';

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

export function parse(input: RawInput, _cmd: Command): Options {
  const [methodText = '', pathText = ''] = input.args;
  const method = methodText.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) throw new UsageError(`METHOD: must be one of ${METHODS.join(', ')} (got "${methodText}")`);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathText)) {
    throw new UsageError(`PATH: give the path below the base URL, starting with "/" (got "${pathText}")`, {
      hint: 'the base URL comes from --base-url, MAILCTL_BASE_URL or the profile',
    });
  }
  if (!pathText.startsWith('/')) throw new UsageError(`PATH: must start with "/" (got "${pathText}")`);
  if (/[\s#]/.test(pathText)) throw new UsageError(`PATH: must not contain spaces or "#" (got "${pathText}")`);

  const query: Record<string, string | string[]> = {};
  const [path, search] = [pathText.split('?')[0]!, pathText.includes('?') ? pathText.slice(pathText.indexOf('?') + 1) : ''];
  for (const [k, v] of new URLSearchParams(search)) addQuery(query, k, v);
  for (const text of strings(input.opts.query)) {
    const eq = text.indexOf('=');
    if (eq <= 0) throw new UsageError(`--query: must be key=value (got "${text}")`);
    addQuery(query, text.slice(0, eq), text.slice(eq + 1));
  }

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
  const paginate = Boolean(input.opts.paginate);
  if (paginate && method !== 'GET') throw new UsageError(`--paginate: only GET requests are paginated (got ${method})`);
  return { method, path, query, fields, input: inputFile, paginate, dryRun: Boolean(input.opts.dryRun) };
}

export async function readText(ctx: Context, file: string, what: string): Promise<string> {
  // A UTF-8 byte-order mark (files saved by Windows tools) is not part of the text.
  if (file === '-') return (await ctx.readStdin()).replace(/^\uFEFF/, '');
  try {
    return (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
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

export async function run(opts: Options, ctx: Context): Promise<void> {
  const format = jsonFormat(ctx);
  const prepared = await prepare(opts, ctx);
  // A dry run needs the base URL but no key, and honours --json, like every other write.
  if (opts.dryRun) return printDryRun(ctx, { method: opts.method, path: opts.path, query: prepared.query, body: prepared.body });
  const api = await ctx.api();
  const pretty = format === 'json' && ctx.io.stdoutIsTTY;
  if (!opts.paginate) {
    const res = await api.request({ method: opts.method, path: opts.path, query: prepared.query, body: prepared.body });
    const out = ctx.output();
    await ctx.pageOutput();
    await out.write(`${format === 'json' ? jsonText(res.body, out, pretty) : JSON.stringify(res.body)}\n`);
    return;
  }
  // Items of every page: one JSON array (closed even on error or Ctrl-C), or NDJSON as pages come.
  await runListing(ctx, { spec: ANY_ITEMS, pages: apiPages(api, opts.path, prepared.query), prettyJson: pretty, target: { ...ctx.output(), format } });
}
