import { OPERATIONS } from '../../api/operations.js';
import { ExitCode } from '../../errors.js';
import { WEBHOOK_EVENTS } from '../../input/webhook-events.js';
import type { CommandSpec } from '../spec.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

/** Flags that would carry a secret, and where the secret goes instead (listen and forward). */
const RECEIVER_SECRET_FLAGS = {
  '--auth-password': 'pipe it with --auth-password-stdin, or set MAILCTL_WEBHOOK_PASSWORD',
  '--bearer-token': 'pipe it with --bearer-token-stdin, or set MAILCTL_WEBHOOK_BEARER_TOKEN',
  '--signing-secret': 'pipe it with --signing-secret-stdin, or set MAILCTL_WEBHOOK_SIGNING_SECRET',
};

export const spec: CommandSpec = {
  name: 'webhook',
  summary: 'list webhooks and change where and how they deliver events',
  group: 'writing',
  commands: [
    {
      name: 'list',
      summary: 'list the webhooks of the team with their state and last delivery',
      examples: ['mailctl webhook list', 'mailctl webhook list --json', 'mailctl webhook list --fields id,name,last_status -o csv'],
      operation: OPERATIONS.listWebhooks,
      load: () => import('./list.js'),
    },
    {
      name: 'set',
      summary: 'update a webhook: only the given fields change; secrets are read from stdin or env, never from flags',
      args: [{ name: 'webhook_id', description: 'id of the webhook (see `mailctl webhook list`)' }],
      options: [
        { flags: '--name <name>', description: 'new name (at most 255 characters)' },
        { flags: '--url <url>', description: 'address that receives the events: http or https URL, at most 2048 characters' },
        {
          flags: '--events <names>',
          description: 'event types to send, repeatable; short names like delivery are converted',
          values: WEBHOOK_EVENTS,
          list: true,
          repeatable: true,
        },
        { flags: '--enable', description: 'turn the webhook on' },
        { flags: '--disable', description: 'turn the webhook off' },
        { flags: '--auth-type <type>', description: 'authentication towards the URL', values: ['none', 'basic', 'oauth2'] },
        { flags: '--auth-username <name>', description: 'basic auth username (at most 255 characters)' },
        { flags: '--auth-password-stdin', description: 'read the basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD with --auth-type basic)' },
        { flags: '--oauth-token-url <url>', description: 'OAuth 2.0 token address: http or https URL, at most 2048 characters' },
        { flags: '--oauth-client-id <id>', description: 'OAuth 2.0 client id (at most 255 characters)' },
        {
          flags: '--oauth-client-secret-stdin',
          description: 'read the OAuth 2.0 client secret from stdin (else env MAILCTL_WEBHOOK_CLIENT_SECRET with --auth-type oauth2)',
        },
        { flags: '--dry-run', description: 'validate and print the request (secrets masked) without sending it' },
      ],
      secretFlags: {
        '--auth-password': 'pipe it with --auth-password-stdin, or set MAILCTL_WEBHOOK_PASSWORD',
        '--oauth-client-secret': 'pipe it with --oauth-client-secret-stdin, or set MAILCTL_WEBHOOK_CLIENT_SECRET',
      },
      examples: [
        `mailctl webhook set ${ID} --url https://hooks.example.com/mail --events delivery,bounce,click`,
        `printf %s "$HOOK_PASSWORD" | mailctl webhook set ${ID} --auth-type basic --auth-username ops --auth-password-stdin`,
        `mailctl webhook set ${ID} --disable --dry-run`,
      ],
      operation: OPERATIONS.updateWebhook,
      load: () => import('./set.js'),
    },
    {
      name: 'listen',
      summary: 'receive webhook deliveries on 127.0.0.1: print each event, check the credentials and signature, relay to your app',
      options: [
        { flags: '--port <n>', description: 'port on 127.0.0.1 (default: a free one, printed on stderr)', range: [0, 65535] },
        { flags: '--auth-type <type>', description: 'credentials to expect (oauth2: a Bearer token)', values: ['none', 'basic', 'oauth2'] },
        { flags: '--auth-username <name>', description: 'expected basic auth username' },
        { flags: '--auth-password-stdin', description: 'read the expected basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD)' },
        { flags: '--bearer-token-stdin', description: 'read the expected Bearer token from stdin (else env MAILCTL_WEBHOOK_BEARER_TOKEN)' },
        {
          flags: '--signing-secret-stdin',
          description: 'check the lettr-signature HMAC with the secret read from stdin (else env MAILCTL_WEBHOOK_SIGNING_SECRET)',
        },
        { flags: '--respond <status>', description: 'answer valid deliveries with this status to rehearse failures, e.g. 500 or 410', range: [200, 599] },
        { flags: '--forward-to <url>', description: 'relay each valid delivery, body and headers unchanged, to your app; answer what it answers' },
        { flags: '--count <n>', description: 'exit after N valid deliveries (rejected ones are reported, not counted)', range: [1, 1000000] },
        {
          flags: '--expect <n>',
          description: 'exit 0 once N valid deliveries arrived, 8 if fewer arrive within --timeout (default 30s)',
          range: [1, 1000000],
        },
      ],
      secretFlags: RECEIVER_SECRET_FLAGS,
      examples: [
        'printf %s "$HOOK_PASSWORD" | mailctl webhook listen --port 8787 --auth-type basic --auth-username ops --auth-password-stdin',
        'mailctl webhook listen --forward-to http://127.0.0.1:3000/webhooks --ndjson',
        'mailctl webhook listen --port 8787 --expect 1 --timeout 2m   # in CI: exit 8 when nothing valid arrives',
      ],
      exitCodes: [ExitCode.CheckFailed],
      load: () => import('./listen.js'),
    },
    {
      name: 'forward',
      summary: 'poll the events API and POST new events to a local URL in the webhook delivery format (no tunnel, no webhook change)',
      options: [
        { flags: '--to <url>', description: 'where to POST the deliveries, e.g. http://127.0.0.1:3000/webhooks' },
        {
          flags: '--events <names>',
          description: 'event types to forward, repeatable; short names like delivery are converted',
          values: WEBHOOK_EVENTS,
          list: true,
          repeatable: true,
        },
        { flags: '--auth-type <type>', description: 'credentials to send (oauth2: a Bearer token)', values: ['none', 'basic', 'oauth2'] },
        { flags: '--auth-username <name>', description: 'basic auth username' },
        { flags: '--auth-password-stdin', description: 'read the basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD)' },
        { flags: '--bearer-token-stdin', description: 'read the Bearer token to send from stdin (else env MAILCTL_WEBHOOK_BEARER_TOKEN)' },
        {
          flags: '--signing-secret-stdin',
          description: 'sign each body with a lettr-signature HMAC, secret from stdin (else env MAILCTL_WEBHOOK_SIGNING_SECRET)',
        },
        {
          flags: '--retry-schedule <name>',
          description: 'compressed (1s, 2s, 5s, 10s, 30s, 1m: for local development) or service (1m … 24h, as the service retries)',
          values: ['compressed', 'service'],
          default: 'compressed',
        },
        { flags: '--poll-interval <duration>', description: 'how often to ask the events API for new events, at least 1s (default 2s; 10s with a sandbox key)' },
      ],
      secretFlags: RECEIVER_SECRET_FLAGS,
      examples: [
        'mailctl webhook forward --to http://127.0.0.1:3000/webhooks',
        'printf %s "$HOOK_PASSWORD" | mailctl webhook forward --to http://127.0.0.1:3000/webhooks --auth-type basic --auth-username ops --auth-password-stdin',
        'mailctl webhook forward --to http://127.0.0.1:8787/ --events bounce,spam_complaint --retry-schedule service',
      ],
      operation: OPERATIONS.listEmailEvents,
      load: () => import('./forward.js'),
    },
  ],
};
