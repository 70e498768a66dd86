// The rates of a campaign (`campaign list`, `campaign show`), computed from its stats as
// cli.md defines them; null when there is nothing to divide by (shown as "-").

/** What the rates are computed from (a Campaign of api/campaigns.ts is one). */
export interface CampaignCounts {
  sent_count?: number | null;
  stats?: {
    injections?: number | null;
    deliveries?: number | null;
    bounces?: number | null;
    spam_complaints?: number | null;
    unique_opens?: number | null;
    unique_clicks?: number | null;
    unsubscribes?: number | null;
  } | null;
}

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

export function campaignRates(c: CampaignCounts): CampaignRates {
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

/** The counts of a campaign's stats, with their labels (`campaign show`). */
export const CAMPAIGN_STATS = [
  ['injections', 'Injected'],
  ['deliveries', 'Delivered'],
  ['bounces', 'Bounced'],
  ['spam_complaints', 'Spam complaints'],
  ['opens', 'Opens'],
  ['unique_opens', 'Unique opens'],
  ['clicks', 'Clicks'],
  ['unique_clicks', 'Unique clicks'],
  ['unsubscribes', 'Unsubscribes'],
] as const;

/** The rates, with their labels and how each is computed (`campaign show`). */
export const CAMPAIGN_RATES = [
  ['delivery_rate', 'Delivered', 'deliveries / injected'],
  ['open_rate', 'Opened', 'unique opens / delivered'],
  ['click_rate', 'Clicked', 'unique clicks / delivered'],
  ['bounce_rate', 'Bounced', 'bounces / injected'],
  ['complaint_rate', 'Complaints', 'spam complaints / delivered'],
  ['unsubscribe_rate', 'Unsubscribed', 'unsubscribes / delivered'],
] as const;
