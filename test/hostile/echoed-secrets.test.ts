// Item 11 of issue 17: secrets that come back from the server. A 401 body echoing the bearer
// token, or a 422 field error repeating the webhook password, is printed with the secret
// replaced by ****<last 4>: in plain errors, --json errors and --verbose lines alike.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { runCliInProcess, runInProcess } from '../helpers/context.js';
import { json, raw, scriptedServer, type Handler } from '../helpers/server.js';

const KEY = `lttr_${'Q7mZ'.repeat(16)}`;
const PASSWORD = 'pw-Echo8vX2mN7rT4kL9';
const WEBHOOK = 'wh_0123456789';

/**
 * The verbose runs (-v) are spawned, so that whatever reaches the process's
 * stderr is seen (a stray console line included); the others run in-process.
 */
const spawnedFor = (extra: string[]) => extra.includes('-v');

async function against(handler: Handler, args: string[], input?: string) {
  const server = await scriptedServer([handler]);
  try {
    const cli = spawnedFor(args) ? runCli : runCliInProcess;
    const r = await cli(args, { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY }, input });
    return { r, seen: server.seen };
  } finally {
    await server.close();
  }
}

const echo401: Handler = (req, res) =>
  json(401, { message: `Invalid API key: ${req.headers.authorization}`, detail: { token: KEY } })(req, res, 0);

describe('a 401 that echoes the key', () => {
  for (const extra of [[], ['--json'], ['-v'], ['-v', '--json']]) {
    it(`webhook list ${extra.join(' ')}: the key is masked, the rest of the message kept`, async () => {
      const { r, seen } = await against(echo401, ['webhook', 'list', ...extra]);
      expect(r.code).toBe(3);
      expect(seen).toHaveLength(1); // a 401 is never retried
      expect(r.stdout + r.stderr).not.toContain(KEY);
      expect(r.stderr).toContain(`Invalid API key: Bearer ****${KEY.slice(-4)}`);
    });
  }
});

describe('a 422 that repeats the webhook password', () => {
  const echo422: Handler = (req, res) => {
    const body = JSON.parse(req.body) as { auth_password?: string };
    json(422, {
      message: 'Validation failed.',
      error_code: 'validation_error',
      errors: { auth_password: [`The password "${body.auth_password}" is too weak.`] },
    })(req, res, 0);
  };
  for (const extra of [[], ['--json'], ['-v']]) {
    it(`webhook set --auth-password-stdin ${extra.join(' ')}: the password is masked in the field error`, async () => {
      const args = ['webhook', 'set', WEBHOOK, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin', ...extra];
      const { r, seen } = await against(echo422, args, PASSWORD);
      expect(r.code, r.stderr).toBe(5);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.body).toContain(PASSWORD); // it was sent, as it must be
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
      expect(r.stderr).toContain(`****${PASSWORD.slice(-4)}`);
    });
  }
});

// The standards: a secret never reaches stdout either, "not even when the server echoes it back".
describe('an answer whose fields echo a secret', () => {
  /** A webhook as the spec shows it, with the password and the key echoed in its fields. */
  const echoedWebhook: Handler = (req, res) => {
    const body = req.body ? (JSON.parse(req.body) as { auth_password?: string }) : {};
    json(200, {
      message: 'Webhook updated.',
      data: {
        id: WEBHOOK, name: `ops hook called with ${req.headers.authorization}`, url: 'https://example.com/hook', enabled: true, event_types: ['message.delivery'],
        auth_type: 'basic', has_auth_credentials: true, auth_username: 'ops', auth_password: body.auth_password ?? PASSWORD,
        last_status: null, last_successful_at: null, last_failure_at: null,
      },
    })(req, res, 0);
  };
  for (const format of [['--json'], ['--ndjson'], ['-o', 'csv'], ['--fields', 'id,name']]) {
    it(`webhook set --auth-password-stdin ${format.join(' ')}: stdout has the password and the key masked, the rest kept`, async () => {
      const args = ['webhook', 'set', WEBHOOK, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin', ...format];
      const { r, seen } = await against(echoedWebhook, args, PASSWORD);
      expect(r.code, r.stderr).toBe(0);
      expect(seen).toHaveLength(1);
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
      expect(r.stdout + r.stderr).not.toContain(KEY);
      expect(r.stdout).toContain(`ops hook called with Bearer ****${KEY.slice(-4)}`);
      // a credential field is masked whole, as --dry-run shows it: the spec says none is ever returned
      if (format[0] === '--json') expect(JSON.parse(r.stdout).auth_password).toBe('********');
    });
  }

  it('api GET: a raw body that echoes the key is printed with the key masked', async () => {
    const { r } = await against(json(200, { data: [], echoed: { token: KEY } }), ['api', 'GET', '/webhooks']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain(KEY);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: [], echoed: { token: `****${KEY.slice(-4)}` } });
  });
});

// Round 13: a secret that comes back rewritten. The server quotes it JSON-escaped (a password
// with a quote or a backslash), percent-encoded, in base64 (a Basic header), or in another
// case; mailctl's own `-o markdown` escapes the `_` of every key. Each is masked as the secret
// itself is.
describe('a secret echoed in another form', () => {
  /** A password with the characters that each encoding rewrites. */
  const SPECIAL = 'pW"Echo\\8/vX+2m&N=7é';
  const forms: Array<[string, (s: string) => string]> = [
    ['upper-cased', (s) => s.toUpperCase()],
    ['lower-cased', (s) => s.toLowerCase()],
    ['JSON-escaped (the raw request body quoted)', (s) => JSON.stringify(s).slice(1, -1)],
    ['JSON-escaped twice', (s) => JSON.stringify(JSON.stringify(s).slice(1, -1)).slice(1, -1)],
    ['JSON-escaped as PHP does (\\/ and \\u00e9)', (s) => JSON.stringify(s).slice(1, -1).replace(/\//g, '\\/').replace(/é/g, '\\u00e9')],
    ['percent-encoded', (s) => encodeURIComponent(s)],
    ['form-encoded', (s) => new URLSearchParams({ s }).toString().slice(2)],
    ['base64', (s) => Buffer.from(s).toString('base64')],
    ['in a Basic header', (s) => Buffer.from(`ops:${s}`).toString('base64')],
  ];
  for (const [name, encode] of forms) {
    for (const extra of [[], ['--json']]) {
      it(`webhook set: a 422 repeating the password ${name} ${extra.join(' ')}: masked`, async () => {
        const echo: Handler = (req, res) => {
          const sent = (JSON.parse(req.body) as { auth_password: string }).auth_password;
          json(422, { message: `Refused: ${req.body}`, error_code: 'validation_error', errors: { auth_password: [`"${encode(sent)}" is not allowed`] } })(req, res, 0);
        };
        const args = ['webhook', 'set', WEBHOOK, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin', ...extra];
        const { r, seen } = await against(echo, args, SPECIAL);
        expect(r.code, r.stderr).toBe(5);
        expect(JSON.parse(seen[0]!.body).auth_password).toBe(SPECIAL);
        const all = r.stdout + r.stderr;
        for (const leaked of [SPECIAL, encode(SPECIAL), JSON.stringify(SPECIAL).slice(1, -1), JSON.stringify(encode(SPECIAL)).slice(1, -1)]) expect(all).not.toContain(leaked);
        expect(all.toLowerCase()).not.toContain(SPECIAL.slice(0, 12).toLowerCase());
        expect(all).toContain('****');
      });
    }
  }

  it('a header value echoed lower-cased in an error: the key is masked', async () => {
    const { r } = await against(
      (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': `x-${String(req.headers.authorization).slice(7)}` });
        res.end('{}');
      },
      ['webhook', 'list'],
    );
    expect(r.code).toBe(1);
    expect(r.stderr.toLowerCase()).not.toContain(KEY.toLowerCase().slice(0, 20));
    expect(r.stderr.toLowerCase()).toContain(`****${KEY.slice(-4)}`.toLowerCase());
  });

  for (const args of [['doctor', '-o', 'markdown'], ['doctor', '--json'], ['doctor']]) {
    it(`${args.join(' ')}: a key echoed in a failing check is masked (markdown escapes its "_")`, async () => {
      const { r } = await against((req, res) => json(401, { message: `Unknown key ${req.headers.authorization}` })(req, res, 0), args);
      expect(r.code).toBe(8);
      expect(r.stdout + r.stderr).not.toContain(KEY.slice(5, 25));
      expect(r.stdout).toContain(`****${KEY.slice(-4)}`);
    });
  }
});

describe('webhook answers that carry the credentials the spec says are never returned', () => {
  // Not secrets this run knows: the server returns stored credentials, as a broken or hostile one might.
  const STORED = 'stored-Secret-9xQ2';
  const leaky = (req: { url: string }) => ({
    id: WEBHOOK, name: 'hook', url: `https://ops:${STORED}@hooks.example/in`, enabled: true, event_types: null, auth_type: 'basic',
    has_auth_credentials: true, auth_username: 'ops', auth_password: STORED, oauth_client_secret: `${STORED}-oauth`,
    last_status: null, last_successful_at: null, last_failure_at: null, path: req.url,
  });
  const cases: Array<[string[], Handler]> = [
    [['webhook', 'show', WEBHOOK], (req, res) => json(200, { message: 'ok', data: leaky(req) })(req, res, 0)],
    [['webhook', 'list'], (req, res) => json(200, { message: 'ok', data: { webhooks: [leaky(req)] } })(req, res, 0)],
    [['webhook', 'create', '--name', 'hook', '--url', 'https://hooks.example/in'], (req, res) => json(201, { message: 'ok', data: leaky(req) })(req, res, 0)],
    [['webhook', 'set', WEBHOOK, '--name', 'hook'], (req, res) => json(200, { message: 'ok', data: leaky(req) })(req, res, 0)],
  ];
  for (const [args, handler] of cases) {
    for (const format of [[], ['--json'], ['--ndjson'], ['-o', 'csv'], ['--fields', 'id,url']]) {
      it(`${args.slice(0, 2).join(' ')} ${format.join(' ')}: masked, the rest kept`, async () => {
        const { r } = await against(handler, [...args, ...format]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout + r.stderr).not.toContain(STORED);
        expect(r.stdout).toContain('https://***@hooks.example/in');
        if (format[0] === '--json') {
          const out = JSON.parse(r.stdout) as Record<string, unknown> | Array<Record<string, unknown>>;
          const hook = Array.isArray(out) ? out[0]! : out;
          expect(hook).toMatchObject({ auth_username: 'ops', auth_password: '********', oauth_client_secret: '********', has_auth_credentials: true });
        }
      });
    }
  }
});

describe('api: what was sent under a secret field is a secret of the run', () => {
  it('api PUT --input -: an answer echoing the password is masked', async () => {
    const { r, seen } = await against(
      (req, res) => json(200, { message: 'ok', data: { echoed: JSON.parse(req.body), raw: req.body } })(req, res, 0),
      ['api', 'PUT', `/webhooks/${WEBHOOK}`, '--input', '-'],
      JSON.stringify({ auth_type: 'basic', auth_username: 'ops', auth_password: PASSWORD }),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(seen[0]!.body).auth_password).toBe(PASSWORD);
    expect(r.stdout).not.toContain(PASSWORD);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: { echoed: { auth_username: 'ops', auth_password: `****${PASSWORD.slice(-4)}` } } });
  });
});

describe('secrets from the environment and the config file, before any request', () => {
  it('a key pasted where a command or a setting belongs is not repeated by the usage error', async () => {
    for (const args of [[KEY], ['config', 'set', 'output', KEY], ['config', 'get', KEY], ['--timeout', KEY, 'webhook', 'list']]) {
      const r = await runCliInProcess(args, { env: { MAILCTL_API_KEY: KEY } });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout + r.stderr, args.join(' ')).not.toContain(KEY);
      expect(r.stderr, args.join(' ')).toContain(`****${KEY.slice(-4)}`);
    }
  });

  it('a webhook password in the environment is masked in every command, not only those that read it', async () => {
    const { r } = await against(json(200, { message: 'ok', data: { events: { data: [], total_count: 0, pagination: { next_cursor: null, per_page: 25 } } } }), ['config', 'set', 'output', PASSWORD]);
    expect(r.code).toBe(2);
    const env = await runCliInProcess(['config', 'set', 'output', PASSWORD], { env: { MAILCTL_WEBHOOK_PASSWORD: PASSWORD } });
    expect(env.code).toBe(2);
    expect(env.stderr).not.toContain(PASSWORD);
    expect(r.stderr).toContain(PASSWORD); // without the variable it is an ordinary value, quoted
  });

  it("a profile's stored key is masked where a setting's error quotes it", async () => {
    const configDir = join(tempDir(), 'cfg');
    mkdirSync(configDir, { mode: 0o700 });
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ current_profile: 'default', profiles: { default: { base_url: 'http://127.0.0.1:9', api_key: KEY, output: KEY } } }), { mode: 0o600 });
    const r = await runCliInProcess(['webhook', 'list'], { configDir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('output in profile "default"');
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('a base URL "user:secret@host" without a scheme is refused without repeating the secret', async () => {
    for (const url of [`ops:${PASSWORD}@api.example.com`, `ops:${PASSWORD}@127.0.0.1:8080/v1`]) {
      const flag = await runCliInProcess(['webhook', 'list', '--base-url', url], { env: { MAILCTL_API_KEY: KEY } });
      const env = await runCliInProcess(['webhook', 'list'], { env: { MAILCTL_API_KEY: KEY, MAILCTL_BASE_URL: url } });
      for (const r of [flag, env]) {
        expect(r.code).toBe(2);
        expect(r.stderr).toContain('put credentials in the key, not the URL');
        expect(r.stdout + r.stderr).not.toContain(PASSWORD);
      }
    }
  });
});

// A long value is cut with an ellipsis before it is printed (a table cell on a terminal, a quoted
// value in a usage error, the start of a non-JSON body): the cut start of a secret, which the
// whole secret's mask no longer matches, is masked too.
describe('a secret cut short', () => {
  for (const pad of [30, 50, 70]) {
    it(`a 500 text body with the key across its 80-character quote (${pad} before it): masked`, async () => {
      const { r } = await against((req, res) => raw(500, `${'x'.repeat(pad)} ${String(req.headers.authorization)} tail`, { 'content-type': 'text/plain' })(req, res, 0), ['webhook', 'list', '--retries', '0']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('a non-JSON body');
      expect(r.stdout + r.stderr).not.toContain(KEY.slice(0, 12));
    });
  }

  it('a key pasted into a flag is masked in the cut quote of the error', async () => {
    for (const args of [['events', 'list', '--per-page', KEY], ['lists', 'attach', '--contact', KEY, '--list', KEY, '--dry-run'], ['campaign', 'show', KEY]]) {
      const r = await runCliInProcess(args, { env: { MAILCTL_API_KEY: KEY, MAILCTL_BASE_URL: 'http://127.0.0.1:9' } });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain('****…');
      expect(r.stdout + r.stderr, args.join(' ')).not.toContain(KEY.slice(0, 12));
    }
  });

  it('a terminal table masks a cell before cutting it to its column', async () => {
    const server = await scriptedServer([
      (req, res) =>
        json(200, {
          message: 'ok',
          data: { webhooks: [{ id: WEBHOOK, name: `hook ${String(req.headers.authorization).slice(7)}`, url: 'https://hooks.example/in', enabled: true, event_types: null, auth_type: 'none', has_auth_credentials: false, last_status: 'failure', last_successful_at: null, last_failure_at: null }] },
        })(req, res, 0),
    ]);
    try {
      const r = await runInProcess(['webhook', 'list'], { emulator: false, key: KEY, env: { MAILCTL_BASE_URL: server.baseUrl, NO_COLOR: '1' }, stdoutIsTTY: true, columns: 70 });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).not.toContain(KEY.slice(0, 12));
      expect(r.stdout).toContain(`hook ****${KEY.slice(-4)}`);
    } finally {
      await server.close();
    }
  });
});

describe('files mailctl writes for people', () => {
  it('report --html: a key echoed in a domain name is masked in the file as on stdout', async () => {
    const dir = tempDir();
    const file = join(dir, 'report.html');
    const events: Handler = (req, res) => {
      const domain = `${String(req.headers.authorization).slice(7)}.example`;
      const at = new Date(Date.now() - 3_600_000).toISOString();
      const data = ['injection', 'delivery'].map((type, i) => ({ event_id: `e${i}`, type, timestamp: at, request_id: '1', rcpt_to: `a@${domain}`, recipient_domain: domain }));
      json(200, { message: 'ok', data: { events: { data, total_count: 2, from: at, to: at, pagination: { next_cursor: null, per_page: 100 } } } })(req, res, 0);
    };
    const { r } = await against(events, ['report', '--by', 'domain', '--html', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain(`****${KEY.slice(-4)}.example`);
    expect(html + r.stdout + r.stderr).not.toContain(KEY.slice(0, 12));
  });
});

describe('proxy credentials quoted back', () => {
  // A plain-http base URL goes to the proxy in absolute form: the proxy answers for the API.
  const PROXY_PASSWORD = 'pr0xy-S3cret/@:';
  const quoting = (status: number): Handler => (req, res) => {
    const sent = Buffer.from(String(req.headers['proxy-authorization']).replace(/^Basic /, ''), 'base64').toString();
    if (status === 200) {
      json(200, { message: 'ok', data: { webhooks: [{ id: WEBHOOK, name: `via ${sent}`, url: 'https://hooks.example/in', enabled: true, event_types: null, auth_type: 'none', has_auth_credentials: false }] } })(req, res, 0);
    } else raw(status, `proxy refused ${sent} (${String(req.headers['proxy-authorization'])})`, { 'content-type': 'text/plain' })(req, res, 0);
  };
  for (const [status, code] of [[200, 0], [502, 1], [403, 3]] as const) {
    for (const variable of ['HTTP_PROXY', 'http_proxy', 'ALL_PROXY']) {
      it(`${variable}, a proxy answering ${status} with the credentials it got: the password is masked`, async () => {
        const proxy = await scriptedServer([quoting(status)]);
        try {
          const proxyUrl = proxy.baseUrl.replace('http://', `http://ops:${encodeURIComponent(PROXY_PASSWORD)}@`);
          const r = await runCliInProcess(['webhook', 'list', '--retries', '0', '-v'], { env: { MAILCTL_API_KEY: KEY, MAILCTL_BASE_URL: 'http://127.0.0.1:9', [variable]: proxyUrl, NO_PROXY: '' } });
          expect(r.code, r.stderr).toBe(code);
          expect(Buffer.from(String(proxy.seen[0]!.headers['proxy-authorization']).slice(6), 'base64').toString()).toBe(`ops:${PROXY_PASSWORD}`);
          const all = r.stdout + r.stderr;
          expect(all).toContain(`ops:****${PROXY_PASSWORD.slice(-4)}`);
          for (const form of [PROXY_PASSWORD, encodeURIComponent(PROXY_PASSWORD), Buffer.from(`ops:${PROXY_PASSWORD}`).toString('base64').slice(4, 16)]) expect(all).not.toContain(form);
        } finally {
          await proxy.close();
        }
      });
    }
  }
});

describe('a password inside a webhook URL given on the command line', () => {
  const URL_PASSWORD = 'url-Pa55:w/rd';
  const url = `https://ops:${encodeURIComponent(URL_PASSWORD)}@hooks.example/in`;
  const echo: Handler = (req, res) => {
    const sent = JSON.parse(req.body) as { url?: string; oauth_token_url?: string };
    const quoted = sent.url ?? sent.oauth_token_url ?? '';
    json(422, { message: `The url ${quoted} is invalid.`, error_code: 'validation_error', errors: { url: [`${decodeURIComponent(quoted)} does not resolve`] } })(req, res, 0);
  };
  for (const args of [['webhook', 'set', WEBHOOK, '--url', url], ['webhook', 'create', '--name', 'hook', '--url', url], ['webhook', 'set', WEBHOOK, '--oauth-token-url', url]]) {
    for (const extra of [[], ['--json']]) {
      it(`${args.slice(0, 2).join(' ')} ${args[args.length - 2]} ${extra.join(' ')}: sent as given, masked when the API quotes it`, async () => {
        const { r, seen } = await against(echo, [...args, ...extra]);
        expect(r.code, r.stderr).toBe(5);
        expect(seen[0]!.body).toContain(encodeURIComponent(URL_PASSWORD));
        const all = r.stdout + r.stderr;
        expect(all).not.toContain(URL_PASSWORD);
        expect(all).not.toContain(encodeURIComponent(URL_PASSWORD));
        expect(all).toContain('https://ops:****');
      });
    }
  }
});

it('api: a password inside a URL of the body is masked when the answer quotes it', async () => {
  const { r, seen } = await against(
    (req, res) => json(422, { message: `bad ${(JSON.parse(req.body) as { url: string }).url}`, error_code: 'validation_error', errors: { url: [req.body] } })(req, res, 0),
    ['api', 'PUT', `/webhooks/${WEBHOOK}`, '-F', 'url=https://ops:url-Pa55w0rd@hooks.example/in'],
  );
  expect(r.code, r.stderr).toBe(5);
  expect(seen[0]!.body).toContain('url-Pa55w0rd');
  expect(r.stdout + r.stderr).not.toContain('url-Pa55w0rd');
  expect(r.stderr).toContain('bad https://ops:****w0rd@hooks.example/in');
});
