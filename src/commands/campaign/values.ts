// Value sets of the spec, kept free of imports so that the noun's index.ts
// (loaded for --help) can name them without loading zod.

/** Campaign states, spec 3.1. */
export const CAMPAIGN_STATES = ['draft', 'scheduled', 'preparing', 'in_review', 'sending', 'sent', 'failed'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Campaign event types, spec 6.2. */
export const CAMPAIGN_EVENT_TYPES = ['injection', 'delivery', 'bounce', 'spam_complaint', 'open', 'click', 'list_unsubscribe'] as const;
