import { UsageError } from '../errors.js';

// `--field key=value` and `--raw-field key=value`, as `gh api` reads them:
// typed values, `@file` for a file's text, dotted keys for nested objects and
// `key[]` for arrays.

export interface FieldSpec {
  /** the flag it came from, for messages */
  flag: '--field' | '--raw-field';
  /** as typed, for messages */
  text: string;
  /** ["a", "b"] for a.b=v */
  path: string[];
  /** key[]=v: appended to an array */
  append: boolean;
  /** the text after "=", before @file is read */
  raw: string;
  typed: boolean;
}

const SEGMENT = /^[^.[\]]+$/;

/** Splits one `key=value` (throws a usage error naming the flag). */
export function parseFieldSpec(text: string, flag: FieldSpec['flag']): FieldSpec {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`${flag}: must be key=value (got "${text}")`);
  let key = text.slice(0, eq);
  const raw = text.slice(eq + 1);
  const append = key.endsWith('[]');
  if (append) key = key.slice(0, -2);
  const path = key.split('.');
  if (!path.every((s) => SEGMENT.test(s))) {
    throw new UsageError(`${flag}: "${text.slice(0, eq)}" is not a key: use name, a.b for a nested object, or name[] for an array`);
  }
  return { flag, text, path, append, raw, typed: flag === '--field' };
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * The JSON value of a --field: true, false, null, and numbers become JSON
 * literals; anything else stays a string. Integers that a double cannot hold
 * exactly stay strings, and so do numbers with leading zeros ("007").
 */
export function typedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (NUMBER.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && (!/^-?\d+$/.test(text) || Number.isSafeInteger(n))) return n;
  }
  return text;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Builds the JSON body from resolved fields; a key set twice, or as both a value and an object, is a usage error. */
export function buildBody(fields: Array<{ spec: FieldSpec; value: unknown }>): Json {
  // Objects without a prototype: `--field __proto__.x=1` is an ordinary key of the body, never Object.prototype.
  const body: Json = Object.create(null) as Json;
  for (const { spec, value } of fields) {
    let node = body;
    spec.path.forEach((segment, i) => {
      const last = i === spec.path.length - 1;
      const here = spec.path.slice(0, i + 1).join('.');
      if (!last) {
        if (node[segment] === undefined) node[segment] = Object.create(null) as Json;
        if (!isObject(node[segment])) throw new UsageError(`${spec.flag} ${spec.text}: "${here}" is already set to a value, not an object`);
        node = node[segment] as Json;
        return;
      }
      if (spec.append) {
        if (node[segment] === undefined) node[segment] = [];
        if (!Array.isArray(node[segment])) throw new UsageError(`${spec.flag} ${spec.text}: "${here}" is already set to a value, not an array`);
        (node[segment] as unknown[]).push(value);
        return;
      }
      if (node[segment] !== undefined) {
        throw new UsageError(`${spec.flag} ${spec.text}: "${here}" is given twice`, { hint: `use ${here}[]=VALUE once per item for an array` });
      }
      node[segment] = value;
    });
  }
  return body;
}

/**
 * The query string of a GET from fields: the text as typed (a query has no
 * types), arrays comma-joined as the API's list parameters are.
 */
export function buildQueryFromFields(fields: Array<{ spec: FieldSpec; value: string }>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const { spec, value } of fields) {
    if (spec.path.length > 1) {
      throw new UsageError(`${spec.flag} ${spec.text}: a nested key cannot go into the query string of a GET request`, {
        hint: 'GET sends fields as query parameters; use a flat key',
      });
    }
    const key = spec.path[0]!;
    addQuery(query, key, value);
  }
  return query;
}

/** Adds one query parameter; a name given again is joined with a comma (the API's list form). */
export function addQuery(query: Record<string, string | string[]>, key: string, value: string): void {
  const prev = query[key];
  query[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
}

/** PATH of `mailctl api` (below the base URL, may carry ?query) and its --query flags: the path, and the query from both in that order. */
export function parseRequestPath(pathText: string, queryFlags: string[]): { path: string; query: Record<string, string | string[]> } {
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
  for (const text of queryFlags) {
    const eq = text.indexOf('=');
    if (eq <= 0) throw new UsageError(`--query: must be key=value (got "${text}")`);
    addQuery(query, text.slice(0, eq), text.slice(eq + 1));
  }
  return { path, query };
}
