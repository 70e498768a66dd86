import { Option, type Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';

export function register(program: Command): void {
  const topic = program.command('topic').description('change subscription topics');
  withHelp(
    topic
      .command('update')
      .argument('<topic_id>', 'id of the topic (a UUID)')
      .description('update a topic: only the given fields are sent; prints the updated topic')
      .addOption(new Option('--name <name>', 'new name (1 to 255 characters)'))
      .addOption(new Option('--description <text>', 'new description (1 to 1000 characters)'))
      .addOption(new Option('--clear-description', 'remove the description (sends null)'))
      .addOption(new Option('--visibility <visibility>', 'public (shown on public subscription pages) or private'))
      .addOption(new Option('--dry-run', 'validate and print the request without sending it')),
    {
      api: OPERATIONS.updateTopic.name,
      examples: [
        'mailctl topic update 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --name "Product news" --visibility public',
        'mailctl topic update 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --clear-description --dry-run',
        'mailctl topic update 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --description "Monthly digest" --json',
      ],
    },
  ).action(verb(() => import('./update.js')));
}
