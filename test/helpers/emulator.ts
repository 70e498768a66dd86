// A tiny client for talking to the emulator with plain HTTP in tests: what a real client sends,
// and the status, headers and parsed body it gets back.
import type { Emulator } from '../../src/emulator/index.js';

export interface Answer {
  status: number;
  headers: Headers;
  /** parsed JSON (undefined when the body is not JSON); each test states the shape it expects */
  body: any;
  text: string;
}

export interface CallOptions {
  /** API key to send; null sends no Authorization header; default the full key */
  key?: string | null;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** sent as is, instead of JSON.stringify(body) */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(emu: Emulator, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const url = new URL(emu.baseUrl + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const key = opts.key === undefined ? emu.keys.full : opts.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined = opts.rawBody;
  if (body === undefined && opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export const get = (emu: Emulator, path: string, opts?: CallOptions) => call(emu, 'GET', path, opts);

/** Asserts nothing itself: returns the `errors` map keys of a 422 validation answer, sorted. */
export function errorFields(a: Answer): string[] {
  return Object.keys(a.body?.errors ?? {}).sort();
}

/** Every page of a cursor listing, following `next` until it is null. */
export async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; next: string | null }>,
  maxPages = 100_000,
): Promise<{ items: T[]; pages: number; emptyPagesWithCursor: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let emptyPagesWithCursor = 0;
  for (;;) {
    const page = await fetchPage(cursor);
    pages++;
    items.push(...page.items);
    if (page.items.length === 0 && page.next !== null) emptyPagesWithCursor++;
    if (page.next === null) break;
    if (pages >= maxPages) throw new Error(`more than ${maxPages} pages`);
    cursor = page.next;
  }
  return { items, pages, emptyPagesWithCursor };
}
