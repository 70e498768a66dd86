import { OPERATIONS } from '../../api/operations.js';
import { WEBHOOK_EVENTS } from '../../input/webhook-events.js';
import type { CommandSpec } from '../spec.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

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
  ],
};
