// serveEmulator, behind `mailctl emulator`: what it prints, and serving until aborted.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serveEmulator } from '../../src/emulator/serve.js';

function capture(): { out: PassThrough; firstLine: Promise<string>; text: () => string } {
  const out = new PassThrough();
  let buf = '';
  const firstLine = new Promise<string>((resolve) => {
    out.on('data', (chunk: Buffer) => {
      buf += chunk.toString('utf8');
      const nl = buf.indexOf('\n');
      if (nl >= 0) resolve(buf.slice(0, nl));
    });
  });
  return { out, firstLine, text: () => buf };
}

describe('serveEmulator', () => {
  it('with json prints exactly one JSON object on the first line, serves, and stops on abort', async () => {
    const { out, firstLine } = capture();
    const ac = new AbortController();
    const done = serveEmulator({ json: true, events: 10 }, out, false, ac.signal);
    const info = JSON.parse(await firstLine);
    expect(Object.keys(info).sort()).toEqual(['base_url', 'keys']);
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(info.keys).sort()).toEqual(['full', 'other_team', 'read_only', 'sandbox']);
    const res = await fetch(`${info.base_url}/webhooks`, { headers: { Authorization: `Bearer ${info.keys.full}` } });
    expect(res.status).toBe(200);
    ac.abort();
    await done;
    await expect(fetch(`${info.base_url}/webhooks`)).rejects.toThrow();
  });

  it('prints the base URL and every key as readable text', async () => {
    const { out, firstLine, text } = capture();
    const ac = new AbortController();
    const done = serveEmulator({ events: 10, seed: 7 }, out, true, ac.signal);
    await firstLine;
    ac.abort();
    await done;
    const printed = text();
    expect(printed).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    expect(printed).toMatch(/lttr_[A-Za-z0-9]{64}/);
    expect(printed).toMatch(/lttr_sandbox_[A-Za-z0-9]{64}/);
    expect(() => JSON.parse(printed.split('\n')[0] as string)).toThrow();
  });

  it('returns at once when the signal is already aborted, having announced and then closed the emulator', async () => {
    const { out, text } = capture();
    await expect(serveEmulator({ json: true, events: 10 }, out, false, AbortSignal.abort())).resolves.toBeUndefined();
    const lines = text().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const info = JSON.parse(lines[0]!);
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(fetch(`${info.base_url}/webhooks`)).rejects.toThrow();
  });
});
