import { Option, type Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';

/** --events a,b --events c: every occurrence is kept (schema.ts has the same collector, but loads zod). */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

const SECRET_FLAGS: Record<string, string> = {
  '--auth-password': 'pipe it with --auth-password-stdin, or set MAILCTL_WEBHOOK_PASSWORD',
  '--oauth-client-secret': 'pipe it with --oauth-client-secret-stdin, or set MAILCTL_WEBHOOK_CLIENT_SECRET',
};

/**
 * Commander echoes an unknown option as typed, so `--auth-password=hunter2`
 * would print the password into a CI log. Show only the part before "=", and
 * say where a secret goes instead. (unknownOption is commander's own hook, not
 * in its typings.)
 */
function guardSecretFlags(cmd: Command): Command {
  const hooks = cmd as unknown as { unknownOption(flag: string): void };
  const original = hooks.unknownOption.bind(cmd);
  hooks.unknownOption = (flag: string) => {
    const name = flag.split('=')[0]!;
    const how = SECRET_FLAGS[name];
    if (how) cmd.error(`error: unknown option '${name}': secrets are never taken from flag values; ${how}`, { code: 'commander.unknownOption' });
    original(name);
  };
  return cmd;
}

export function register(program: Command): void {
  const webhook = program.command('webhook').description('list webhooks and change where and how they deliver events');

  withHelp(webhook.command('list').description('list the webhooks of the team with their state and last delivery'), {
    api: OPERATIONS.listWebhooks.name,
    examples: ['mailctl webhook list', 'mailctl webhook list --json', 'mailctl webhook list --fields id,name,last_status -o csv'],
  }).action(verb(() => import('./list.js')));

  withHelp(
    guardSecretFlags(webhook.command('set'))
      .argument('<webhook_id>', 'id of the webhook (see `mailctl webhook list`)')
      .description('update a webhook: only the given fields change; secrets are read from stdin or env, never from flags')
      .addOption(new Option('--name <name>', 'new name (at most 255 characters)'))
      .addOption(new Option('--url <url>', 'address that receives the events: http or https URL, at most 2048 characters'))
      .addOption(
        new Option('--events <names>', 'event types to send, comma-separated or repeated (short names like delivery are converted)').argParser(collect),
      )
      .addOption(new Option('--enable', 'turn the webhook on'))
      .addOption(new Option('--disable', 'turn the webhook off'))
      .addOption(new Option('--auth-type <type>', 'authentication towards the URL: none, basic or oauth2'))
      .addOption(new Option('--auth-username <name>', 'basic auth username (at most 255 characters)'))
      .addOption(
        new Option('--auth-password-stdin', 'read the basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD with --auth-type basic)'),
      )
      .addOption(new Option('--oauth-token-url <url>', 'OAuth 2.0 token address: http or https URL, at most 2048 characters'))
      .addOption(new Option('--oauth-client-id <id>', 'OAuth 2.0 client id (at most 255 characters)'))
      .addOption(
        new Option(
          '--oauth-client-secret-stdin',
          'read the OAuth 2.0 client secret from stdin (else env MAILCTL_WEBHOOK_CLIENT_SECRET with --auth-type oauth2)',
        ),
      )
      .addOption(new Option('--dry-run', 'validate and print the request (secrets masked) without sending it')),
    {
      api: OPERATIONS.updateWebhook.name,
      examples: [
        'mailctl webhook set 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --url https://hooks.example.com/mail --events delivery,bounce,click',
        'printf %s "$HOOK_PASSWORD" | mailctl webhook set 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --auth-type basic --auth-username ops --auth-password-stdin',
        'mailctl webhook set 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --disable --dry-run',
      ],
    },
  ).action(verb(() => import('./set.js')));
}
