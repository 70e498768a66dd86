import { type Command, Option } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';

export function register(program: Command): void {
  withHelp(
    program
      .command('emulator')
      .description('run the bundled API emulator on loopback (for trying mailctl and testing CI scripts without an account)')
      .addOption(new Option('--host <host>', 'address to bind').default('127.0.0.1'))
      .addOption(new Option('--port <n>', 'port to listen on, 0-65535; 0 picks a free one').default('0'))
      .addOption(new Option('--seed <n>', 'seed of the generated data (same seed, same data)').default('1'))
      .addOption(new Option('--events <n>', 'email events to generate (up to 5,000,000)').default('2000'))
      .addOption(new Option('--contacts <n>', 'contacts to generate, 0-1,000,000').default('200'))
      .addOption(new Option('--lists <n>', 'lists to generate, 1-10,000 (bulk membership needs more than 50 to split requests)').default('6'))
      .addOption(new Option('--rate-limit <rps>', 'requests per second per team, as the service enforces (3 mirrors production); off by default'))
      .addOption(new Option('--latency <ms>', 'milliseconds added before each answer, 0-60000').default('0'))
      .addOption(new Option('--fault-rate <p>', 'share of requests (0-1) failing with 500/502/503 or a dropped connection').default('0'))
      .addOption(
        new Option('--scenario <name>', 'event mix of the team: mixed (every type, critical rates), healthy, critical-complaint')
          .choices(['mixed', 'healthy', 'critical-complaint'])
          .default('mixed'),
      )
      .addOption(new Option('--tls', 'serve HTTPS with a certificate from a CA made at start; prints the CA file to pass as NODE_EXTRA_CA_CERTS')),
    {
      examples: [
        'mailctl emulator',
        'mailctl emulator --json --port 8025 --rate-limit 3',
        'mailctl emulator --tls --events 200000 --fault-rate 0.1 --scenario critical-complaint',
      ],
    },
  ).action(verb(() => import('./run.js')));
}
