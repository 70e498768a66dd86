import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'emulator',
  summary: 'run the bundled API emulator on loopback (for trying mailctl and testing CI scripts without an account)',
  group: 'tools',
  description: [
    'It runs until Ctrl-C or SIGTERM. With --json its first stdout line is',
    '{"base_url": "http://127.0.0.1:PORT", "keys": {"full": K, "read_only": K,',
    '"sandbox": K, "other_team": K}}; without it, the same as lines to read.',
  ].join('\n'),
  options: [
    { flags: '--host <host>', description: 'address to bind', default: '127.0.0.1', applyDefault: true },
    { flags: '--port <n>', description: 'port to listen on; 0 picks a free one', range: [0, 65535], default: '0', applyDefault: true },
    { flags: '--seed <n>', description: 'seed of the generated data (same seed, same data)', default: '1', applyDefault: true },
    { flags: '--events <n>', description: 'email events to generate (up to 5,000,000)', default: '2000', applyDefault: true },
    { flags: '--contacts <n>', description: 'contacts to generate', range: [0, 1000000], default: '200', applyDefault: true },
    {
      flags: '--lists <n>',
      description: 'lists to generate (bulk membership needs more than 50 to split requests)',
      range: [1, 10000],
      default: '6',
      applyDefault: true,
    },
    { flags: '--rate-limit <rps>', description: 'requests per second per team, as the service enforces (3 mirrors production); off by default' },
    { flags: '--latency <ms>', description: 'milliseconds added before each answer', range: [0, 60000], default: '0', applyDefault: true },
    { flags: '--fault-rate <p>', description: 'share of requests (0-1) failing with 500/502/503 or a dropped connection', default: '0', applyDefault: true },
    {
      flags: '--scenario <name>',
      description: 'event mix of the team: mixed (every type, critical rates), healthy, critical-complaint',
      choices: ['mixed', 'healthy', 'critical-complaint'],
      default: 'mixed',
      applyDefault: true,
    },
    { flags: '--tls', description: 'serve HTTPS with a certificate from a CA made at start; prints the CA file to pass as NODE_EXTRA_CA_CERTS' },
  ],
  examples: [
    'mailctl emulator',
    'mailctl emulator --json --port 8025 --rate-limit 3',
    'mailctl emulator --tls --events 200000 --fault-rate 0.1 --scenario critical-complaint',
  ],
  load: () => import('./run.js'),
};
