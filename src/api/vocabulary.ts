// The value sets the spec fixes, in one module with no imports: verbs validate
// against them, api modules type with them, and help and shell completion list
// them without loading zod. (The emulator keeps its own copies: it is the
// other side of the API, and tests compare the two.)

/** Email event types, spec 6.1: `events list --events`. */
export const EMAIL_EVENT_TYPES = [
  'injection', 'delivery', 'bounce', 'delay', 'out_of_band', 'spam_complaint', 'policy_rejection',
  'click', 'open', 'initial_open', 'amp_click', 'amp_open', 'amp_initial_open',
  'generation_failure', 'generation_rejection', 'list_unsubscribe', 'link_unsubscribe',
] as const;

/** Campaign states, spec 3.1: `campaign list --status`. */
export const CAMPAIGN_STATES = ['draft', 'scheduled', 'preparing', 'in_review', 'sending', 'sent', 'failed'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Campaign event types, spec 6.2: `campaign events --type`. */
export const CAMPAIGN_EVENT_TYPES = ['injection', 'delivery', 'bounce', 'spam_complaint', 'open', 'click', 'list_unsubscribe'] as const;

/** Topic visibility, spec 2.6 / 4.8: `topic update --visibility`. */
export const TOPIC_VISIBILITIES = ['public', 'private'] as const;
