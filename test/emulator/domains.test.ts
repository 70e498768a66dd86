// service-api-rest.md 4.8 to 4.12: sending domains, their three views (2.5), verification (2.6)
// once the records have propagated (or at once with domainsVerified), and sending from them.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call, errorFields, get } from '../helpers/emulator.js';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const LIST = ['can_send', 'cname_status', 'created_at', 'dkim_status', 'domain', 'status', 'status_label', 'updated_at'];
const DETAIL = [...LIST, 'dmarc_status', 'dns', 'dns_provider', 'is_primary_domain', 'spf_status', 'tracking_domain'].sort();
const VERIFY = ['cname_status', 'dkim_status', 'dmarc', 'dmarc_status', 'dns', 'domain', 'is_primary_domain', 'ownership_verified', 'spf', 'spf_status'];

let emu: Emulator;
let clock = NOW;
async function start(domainsVerified = false): Promise<void> {
  clock = NOW;
  emu = await startEmulator({ events: 20, now: () => clock, domainsVerified });
}
afterEach(async () => {
  await emu.close();
});

const create = (domain: unknown, key?: string) => call(emu, 'POST', '/domains', { body: { domain }, ...(key ? { key } : {}) });
const verify = (domain: string) => call(emu, 'POST', `/domains/${domain}/verify`);

describe('domains', () => {
  it('4.8 lists every domain in data.domains (list view), no pagination', async () => {
    await start();
    const a = await get(emu, '/domains');
    expect(a.status).toBe(200);
    expect(Object.keys(a.body.data)).toEqual(['domains']);
    expect(a.body.data.domains.map((d: { domain: string }) => d.domain)).toEqual(emu.fixtures.domains);
    for (const d of a.body.data.domains) {
      expect(Object.keys(d).sort()).toEqual(LIST);
      expect(['pending', 'approved', 'blocked']).toContain(d.status);
      expect(d.can_send).toBe(d.status === 'approved');
      expect(d.created_at).toMatch(/[+-]\d{2}:\d{2}$|Z$/);
    }
  });

  it('create (201, created view with dkim) → list → show (null checks) → verify → delete (204, empty) → 404', async () => {
    await start();
    const c = await create('News.Example.com');
    expect(c.status, c.text).toBe(201);
    expect(c.body.data).toEqual({
      domain: 'news.example.com', status: 'approved', status_label: 'Approved',
      dkim: { public: expect.any(String), selector: expect.any(String), headers: expect.any(String), signing_domain: 'news.example.com' },
    });
    expect((await get(emu, '/domains')).body.data.domains.map((d: { domain: string }) => d.domain)).toContain('news.example.com');
    const show = await get(emu, '/domains/news.example.com');
    expect(Object.keys(show.body.data).sort()).toEqual(DETAIL);
    expect(show.body.data).toMatchObject({ dkim_status: null, dmarc_status: null, spf_status: null, is_primary_domain: false, dns_provider: null });
    expect(show.body.data.dns.dkim).toEqual({ selector: expect.any(String), public: c.body.data.dkim.public, headers: expect.any(String) });

    const early = await verify('news.example.com');
    expect(early.status).toBe(200);
    expect(Object.keys(early.body.data).sort()).toEqual(VERIFY);
    expect(early.body.data).toMatchObject({ dkim_status: 'unverified', cname_status: 'unverified', dmarc_status: 'missing', spf_status: 'missing' });
    clock += 5_000;
    const later = await verify('news.example.com');
    expect(later.body.data).toMatchObject({ dkim_status: 'valid', cname_status: 'valid', dmarc_status: 'valid', spf_status: 'valid', ownership_verified: 'true' });
    expect(Object.keys(later.body.data.dmarc).sort()).toEqual(['covered_by_parent_policy', 'error', 'found_at_domain', 'is_valid', 'policy', 'record', 'status', 'subdomain_policy']);
    expect(Object.keys(later.body.data.spf).sort()).toEqual(['error', 'includes_sparkpost', 'is_valid', 'record', 'status']);
    expect((await get(emu, '/domains/news.example.com')).body.data).toMatchObject({ dkim_status: 'valid', dns_provider: { provider: expect.any(String) } });

    const del = await call(emu, 'DELETE', '/domains/news.example.com');
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await get(emu, '/domains/news.example.com')).status).toBe(404);
    expect((await call(emu, 'DELETE', '/domains/news.example.com')).body.error_code).toBe('not_found');
  });

  it('--domains-verified: records pass at once; an apex domain has no CNAME to check', async () => {
    await start(true);
    expect((await create('fresh.example')).status).toBe(201);
    const v = await verify('fresh.example');
    expect(v.body.data).toMatchObject({ dkim_status: 'valid', cname_status: 'not_applicable', spf_status: 'valid', is_primary_domain: true });
  });

  it('validates names (422), refuses a duplicate (409), flags risky names, and a new approved domain can send', async () => {
    await start();
    for (const bad of [undefined, '', 'no-tld', 'under_score.example', '-lead.example.com', 'x'.repeat(64) + '.example', 7]) {
      expect(errorFields(await create(bad))).toEqual(['domain']);
    }
    expect((await create('acme.example')).body.error_code).toBe('resource_already_exists');
    expect((await create('cheap-deals.xyz')).body.data.status).toBe('pending');
    expect((await create('spam-king.example')).body.data).toMatchObject({ status: 'blocked', status_label: 'Blocked' });
    expect((await call(emu, 'DELETE', '/domains/not_a_domain')).status).toBe(422);
    expect((await verify('not_a_domain')).status).toBe(422);
    expect((await get(emu, '/domains/not_a_domain')).body.error_code).toBe('not_found');
    const send = (from: string) => call(emu, 'POST', '/emails', { body: { from, to: ['a@example.com'], subject: 's', text: 't' } });
    expect((await send('x@cheap-deals.xyz')).body.error_code).toBe('unconfigured_domain');
    await create('new-sender.example');
    expect((await send('x@new-sender.example')).status).toBe(200);
  });

  it('scopes, sandbox refusals and other teams', async () => {
    await start();
    expect((await create('x.example', emu.keys.read_only)).body.error_code).toBe('insufficient_scope');
    const sb = await create('x.example', emu.keys.sandbox);
    expect(sb.status).toBe(403);
    expect(sb.body).toEqual({ status: 'error', error_code: 'sandbox_restricted', message: expect.any(String) });
    expect((await get(emu, '/domains', { key: emu.keys.sandbox })).status).toBe(200);
    expect((await call(emu, 'DELETE', '/domains/acme.example', { key: emu.keys.sandbox })).status).toBe(403);
    expect((await get(emu, '/domains/acme.example', { key: emu.keys.other_team })).status).toBe(404);
    expect((await get(emu, '/domains/acme.example', { key: emu.keys.read_only })).status).toBe(200);
  });
});
