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
    expect(Object.keys(info).sort()).toEqual(['base_url', 'ids', 'keys']);
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(info.keys).sort()).toEqual(['free_tier', 'full', 'other_team', 'read_only', 'sandbox']);
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

describe('serveEmulator: ids, --env, --log', () => {
  it('names ids of every kind in the JSON banner, and each of them is served', async () => {
    const { out, firstLine } = capture();
    const ac = new AbortController();
    const done = serveEmulator({ json: true, events: 200 }, out, false, ac.signal);
    const info = JSON.parse(await firstLine);
    try {
      expect(Object.keys(info.ids).sort()).toEqual([
        'campaigns', 'contacts', 'domains', 'lists', 'projects', 'properties', 'segments', 'templates', 'topics', 'transmission', 'webhooks',
      ]);
      expect(Object.keys(info.ids.campaigns).sort()).toEqual(['draft', 'failed', 'in_review', 'preparing', 'scheduled', 'sending', 'sent']);
      const auth = { Authorization: `Bearer ${info.keys.full}` };
      const paths = [
        ...Object.values(info.ids.campaigns as Record<string, string>).map((id) => `/campaigns/${id}`),
        `/emails/${info.ids.transmission}`,
        ...info.ids.contacts.map((id: string) => `/audience/contacts/${id}`),
        ...info.ids.segments.map((id: string) => `/audience/segments/${id}`),
        ...info.ids.templates.map((slug: string) => `/templates/${slug}`),
        ...info.ids.domains.map((name: string) => `/domains/${name}`),
        `/templates?project_id=${info.ids.projects[0]}`,
      ];
      for (const path of paths) expect([path, (await fetch(`${info.base_url}${path}`, { headers: auth })).status]).toEqual([path, 200]);
      for (const kind of ['contacts', 'lists', 'topics', 'properties', 'segments', 'webhooks', 'templates', 'domains', 'projects']) {
        expect(info.ids[kind].length).toBeGreaterThan(0);
      }
      const hooks = (await (await fetch(`${info.base_url}/webhooks`, { headers: auth })).json()) as { data: { webhooks: Array<{ id: string }> } };
      expect(hooks.data.webhooks.map((w) => w.id)).toEqual(info.ids.webhooks);
    } finally {
      ac.abort();
      await done;
    }
  });

  it('with env prints only export lines on stdout, a shell can source them, and the banner goes to stderr', async () => {
    const { out, firstLine, text } = capture();
    const err = capture();
    const ac = new AbortController();
    const done = serveEmulator({ env: true, events: 10 }, out, false, ac.signal, err.out);
    await firstLine;
    await err.firstLine;
    ac.abort();
    await done;
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^export MAILCTL_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(/^export MAILCTL_API_KEY=\S+$/);
    const { execFileSync } = await import('node:child_process');
    const sourced = execFileSync('sh', ['-c', `${text()}\nprintf '%s %s' "$MAILCTL_BASE_URL" "$MAILCTL_API_KEY"`], { encoding: 'utf8', env: {} });
    expect(sourced).toBe(`${lines[0]!.split('=')[1]} ${lines[1]!.split('=')[1]}`);
    expect(err.text()).toContain('mailctl API emulator listening on');
    expect(err.text()).toMatch(/Try \(in another shell\):\n {2}export MAILCTL_BASE_URL=\S+ MAILCTL_API_KEY=\S+\n/);
  });

  it('with log prints one line per request on stderr with the key kind, never the key', async () => {
    const { out, firstLine } = capture();
    const err = capture();
    const ac = new AbortController();
    const done = serveEmulator({ json: true, log: true, events: 10 }, out, false, ac.signal, err.out);
    const info = JSON.parse(await firstLine);
    await fetch(`${info.base_url}/webhooks`, { headers: { Authorization: `Bearer ${info.keys.read_only}` } });
    await fetch(`${info.base_url}/emails/events?per_page=2`, { headers: { Authorization: `Bearer ${info.keys.sandbox}` } });
    await fetch(`${info.base_url}/campaigns`);
    await fetch(`${info.base_url}/nowhere`, { headers: { Authorization: 'Bearer wrong' } });
    ac.abort();
    await done;
    const lines = err.text().trim().split('\n').filter((l) => !l.startsWith('webhook delivery:'));
    expect(lines).toEqual(['GET /webhooks 200 read_only', 'GET /emails/events?per_page=2 200 sandbox', 'GET /campaigns 401 no key', 'GET /nowhere 404 unknown key']);
    for (const key of Object.values(info.keys as Record<string, string>)) expect(err.text()).not.toContain(key);
  });
});
