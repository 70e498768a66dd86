import { OPERATIONS } from '../../api/operations.js';
import { ExitCode } from '../../errors.js';
import { WEBHOOK_EVENTS } from '../../input/webhook-events.js';
import type { CommandSpec } from '../spec.js';
import list from './list.js';
import set from './set.js';


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
    list,
    set,
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
