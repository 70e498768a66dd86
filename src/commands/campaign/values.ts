// The campaign value sets, re-exported for this noun (index.ts loads them for
// --help: api/vocabulary.ts imports nothing).
export { CAMPAIGN_EVENT_TYPES, CAMPAIGN_STATES, type CampaignState } from '../../api/vocabulary.js';
