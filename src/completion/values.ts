import { SETTABLE_KEYS } from '../config/data.js';
import type { ValueTable } from './model.js';

// Values the shells complete for options that commander cannot tell: the verbs
// validate them with zod (or accept comma lists, which `.choices()` would
// refuse), so they are listed here, keyed by "command path + flag" or
// "command path + <argument>". An option declared with commander's
// `.choices([...])` needs no entry: the generator reads those from the tree.
// test/cli/completion.test.ts checks that every key names a live command and
// option once its noun is registered, and that these lists equal the ones the
// verbs validate with (copied, not imported: those modules load zod).

/** Spec 6.1: email event types (`events list --events`). */
export const EMAIL_EVENT_TYPES = [
  'injection', 'delivery', 'bounce', 'delay', 'out_of_band', 'spam_complaint', 'policy_rejection',
  'click', 'open', 'initial_open', 'amp_click', 'amp_open', 'amp_initial_open',
  'generation_failure', 'generation_rejection', 'list_unsubscribe', 'link_unsubscribe',
] as const;

/** Spec 6.2: campaign event types (`campaign events --type`). */
export const CAMPAIGN_EVENT_TYPES = ['injection', 'delivery', 'bounce', 'spam_complaint', 'open', 'click', 'list_unsubscribe'] as const;

/** Spec 3.1: campaign states (`campaign list --status`). */
export const CAMPAIGN_STATES = ['draft', 'scheduled', 'preparing', 'in_review', 'sending', 'sent', 'failed'] as const;

/** Spec 6.3: canonical webhook event names (`webhook set --events`); short names are accepted but not offered. */
export const WEBHOOK_EVENT_NAMES = [
  'message.injection', 'message.delivery', 'message.bounce', 'message.delay', 'message.out_of_band',
  'message.spam_complaint', 'message.policy_rejection',
  'engagement.click', 'engagement.open', 'engagement.initial_open', 'engagement.amp_click', 'engagement.amp_open',
  'engagement.amp_initial_open',
  'generation.generation_failure', 'generation.generation_rejection',
  'unsubscribe.list_unsubscribe', 'unsubscribe.link_unsubscribe',
  'relay.relay_injection', 'relay.relay_rejection', 'relay.relay_delivery', 'relay.relay_tempfail', 'relay.relay_permfail',
] as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const VALUE_TABLE: ValueTable = {
  // global options (no command path)
  '--profile': { kind: 'profiles' },
  // nouns
  'events list --events': { kind: 'words', words: EMAIL_EVENT_TYPES, list: true },
  'campaign list --status': { kind: 'words', words: CAMPAIGN_STATES },
  'campaign events --type': { kind: 'words', words: CAMPAIGN_EVENT_TYPES },
  'topic update --visibility': { kind: 'words', words: ['public', 'private'] },
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
