import { Option, type Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';

export function register(program: Command): void {
  const property = program.command('property').description('change contact properties');
  withHelp(
    property
      .command('update')
      .argument('<property_id>', 'id of the property (a UUID)')
      .description('set or clear the fallback value of a property (name and type cannot change); prints the property')
      .addOption(new Option('--fallback-value <text>', 'value used where a contact has none (at most 255 characters; "" is an empty fallback)'))
      .addOption(new Option('--clear-fallback', 'remove the fallback value (sends null)'))
      .addOption(new Option('--dry-run', 'validate and print the request without sending it')),
    {
      api: OPERATIONS.updateProperty.name,
      examples: [
        'mailctl property update 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --fallback-value "there"',
        'mailctl property update 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --clear-fallback --dry-run',
      ],
    },
  ).action(verb(() => import('./update.js')));
}
