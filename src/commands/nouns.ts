import { GLOBAL_OPTIONS } from './globals.js';
import { spec as help, TOPIC_ROWS } from './help-topics/index.js';
import type { RootSpec } from './help-layout.js';
import type { CommandSpec } from './spec.js';

// The root command and its nouns by name, each with the loader of its spec. A noun's spec
// module imports all its verb files, and every verb file evaluates its declaration: a run
// that names one noun loads that noun alone (src/program.ts), not the whole tree of
// index.ts. Loaders, not imports, so that this module stays as light as its data.
// test/core/run-program.test.ts checks that every noun of index.ts is here, with the same spec.

/** The root command without its nouns: index.ts adds every noun, a one-noun run the noun it runs. */
export const ROOT_INFO: Omit<RootSpec, 'commands'> = {
  name: 'mailctl',
  summary: 'operate the email sending service from the terminal, shell pipelines and CI jobs',
  options: GLOBAL_OPTIONS,
  examples: [
    'mailctl auth login --base-url https://api.example.com',
    'mailctl events list --events bounce,spam_complaint --from 7d',
    'mailctl campaign schedule a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f --at +2h --dry-run',
  ],
  topics: TOPIC_ROWS,
};

/** `help`, registered in every run: it has no verb files, and its action needs only the registered tree. */
export const HELP_SPEC: CommandSpec = help;

/**
 * Nouns a run may load alone. Not here: `help`, `completion`, `commands` and `mcp`, which
 * describe or serve every command, so their runs build the whole tree; a noun missing from this
 * list still works, from the whole tree.
 */
export const NOUN_LOADERS: Readonly<Record<string, () => Promise<CommandSpec>>> = {
  events: async () => (await import('./events/index.js')).spec,
  email: async () => (await import('./email/index.js')).spec,
  campaign: async () => (await import('./campaign/index.js')).spec,
  contact: async () => (await import('./contact/index.js')).spec,
  segment: async () => (await import('./segment/index.js')).spec,
  topic: async () => (await import('./topic/index.js')).spec,
  property: async () => (await import('./property/index.js')).spec,
  lists: async () => (await import('./lists/index.js')).spec,
  webhook: async () => (await import('./webhook/index.js')).spec,
  domain: async () => (await import('./domain/index.js')).spec,
  template: async () => (await import('./template/index.js')).spec,
  project: async () => (await import('./project/index.js')).spec,
  report: async () => (await import('./report/index.js')).spec,
  auth: async () => (await import('./auth/index.js')).spec,
  profile: async () => (await import('./profile/index.js')).spec,
  config: async () => (await import('./config/index.js')).spec,
  doctor: async () => (await import('./doctor/index.js')).spec,
  api: async () => (await import('./api/index.js')).spec,
  emulator: async () => (await import('./emulator/index.js')).spec,
};
