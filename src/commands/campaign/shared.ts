import type { Campaign } from '../../api/campaigns.js';
import { uuid } from '../../input/values.js';
import { arg } from '../define.js';

// What the campaign verbs share: the id argument and the rates computed from stats.

/** The campaign id argument, checked as a UUID before anything is sent. */
export const campaignIdArg = arg('campaign id (UUID)', { parse: uuid });

/** An id for the examples. */
export const EXAMPLE_ID = 'a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f';

/** A share as a percentage, or null when there is nothing to divide by (shown as "-"). */
function percent(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (typeof part !== 'number' || typeof whole !== 'number' || !(whole > 0)) return null;
  return (part / whole) * 100;
}

export interface CampaignRates {
  /** deliveries / injections (sent_count when stats has no injections) */
  delivery_rate: number | null;
  /** unique_opens / deliveries */
  open_rate: number | null;
  /** unique_clicks / deliveries */
  click_rate: number | null;
  /** bounces / injections */
  bounce_rate: number | null;
  /** spam_complaints / deliveries */
  complaint_rate: number | null;
  /** unsubscribes / deliveries */
  unsubscribe_rate: number | null;
}

export function campaignRates(c: Campaign): CampaignRates {
  const s = c.stats ?? {};
  const sent = s.injections ?? c.sent_count;
  return {
    delivery_rate: percent(s.deliveries, sent),
    open_rate: percent(s.unique_opens, s.deliveries),
    click_rate: percent(s.unique_clicks, s.deliveries),
    bounce_rate: percent(s.bounces, sent),
    complaint_rate: percent(s.spam_complaints, s.deliveries),
    unsubscribe_rate: percent(s.unsubscribes, s.deliveries),
  };
}

