import { SETTABLE_KEYS } from '../config/data.js';
import type { ValueTable } from './model.js';

// Values the shells complete for options that commander cannot tell: the verbs
// validate them with zod (or accept comma lists, which `.choices()` would
// refuse), so they are listed here, keyed by "command path + flag" or
// "command path + <argument>". An option declared with commander's
// `.choices([...])` needs no entry: the generator reads those from the tree.
// test/cli/completion.test.ts checks that every key names a live command and
// option once its noun is registered. The value sets come from the same
// zod-free modules the verbs validate with (api/vocabulary.ts, input/webhook-events.ts).

import { CAMPAIGN_EVENT_TYPES, CAMPAIGN_STATES, EMAIL_EVENT_TYPES, TOPIC_VISIBILITIES } from '../api/vocabulary.js';
import { WEBHOOK_EVENTS as WEBHOOK_EVENT_NAMES } from '../input/webhook-events.js';

export { CAMPAIGN_EVENT_TYPES, CAMPAIGN_STATES, EMAIL_EVENT_TYPES, WEBHOOK_EVENT_NAMES };

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const VALUE_TABLE: ValueTable = {
  // global options (no command path)
  '--profile': { kind: 'profiles' },
  // nouns
  'events list --events': { kind: 'words', words: EMAIL_EVENT_TYPES, list: true },
  'campaign list --status': { kind: 'words', words: CAMPAIGN_STATES },
  'campaign events --type': { kind: 'words', words: CAMPAIGN_EVENT_TYPES },
  'topic update --visibility': { kind: 'words', words: TOPIC_VISIBILITIES },
  'webhook set --events': { kind: 'words', words: WEBHOOK_EVENT_NAMES, list: true },
  'webhook set --auth-type': { kind: 'words', words: ['none', 'basic', 'oauth2'] },
  // config store
  'profile use <name>': { kind: 'profiles' },
  'profile remove <name>': { kind: 'profiles' },
  'config get <key>': { kind: 'words', words: SETTABLE_KEYS },
  'config set <key>': { kind: 'words', words: SETTABLE_KEYS },
  // any operation: METHOD is case-insensitive, so commander's .choices() would refuse "get"
  'api <method>': { kind: 'words', words: HTTP_METHODS },
};
