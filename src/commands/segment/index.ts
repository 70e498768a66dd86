import type { Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';

export function register(program: Command): void {
  const segment = program.command('segment').description('look up segments');
  withHelp(
    segment
      .command('show')
      .argument('<segment_id>', 'id of the segment (a UUID)')
      .description('show a segment: name, list, cached contact count and its conditions, readably'),
    {
      api: OPERATIONS.showSegment.name,
      examples: [
        'mailctl segment show 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f',
        'mailctl segment show 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --json',
        'mailctl segment show 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --fields name,conditions',
      ],
    },
  ).action(verb(() => import('./show.js')));
}
