import type { Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';

export function register(program: Command): void {
  const contact = program.command('contact').description('look up contacts');
  withHelp(
    contact
      .command('show')
      .argument('<contact_id>', 'id of the contact (a UUID)')
      .description('show a contact: email, status, created time, properties, lists and topics'),
    {
      api: OPERATIONS.showContact.name,
      examples: [
        'mailctl contact show 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f',
        'mailctl contact show 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --json',
        'mailctl contact show 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f | grep ^list',
      ],
    },
  ).action(verb(() => import('./show.js')));
}
