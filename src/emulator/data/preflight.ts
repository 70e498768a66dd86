// Draft campaigns for `mailctl campaign check`: one ready to schedule, and one
// failing each pre-flight check of cli.md ("Campaign pre-flight") and nothing
// else, so a test can tell each check fires on its own. The not-schedulable
// state is covered by the seeded campaigns in other states. Every seeded
// from_email and reply_to is a valid address, as the vendor's schema requires
// of what the service returns: the address checks have no draft of their own.
import type { Campaign } from '../types.js';
import { makeCampaign, type CampaignSeedContext } from './campaigns.js';

const PREFLIGHT_FAILURES = ['subject', 'sender', 'content', 'unsubscribe_link', 'recipients'] as const;
export type PreflightFailure = (typeof PREFLIGHT_FAILURES)[number];

const BREAK: Record<PreflightFailure, (c: Campaign) => void> = {
  subject: (c) => void (c.subject = null),
  sender: (c) => {
    // "sender" is the from address itself missing; the name is optional
    c.from_email = null;
  },
  content: (c) => void (c.html_content = null),
  unsubscribe_link: (c) => void (c.html_content = (c.html_content ?? '').replace(/<p><a href="[^"]*unsubscribe[^"]*">Unsubscribe<\/a><\/p>/, '')),
  recipients: (c) => void (c.recipients = []),
};

export interface PreflightDrafts {
  ready: Campaign;
  failing: Record<PreflightFailure, Campaign>;
}

export function makePreflightDrafts(ctx: CampaignSeedContext, firstIndex: number): PreflightDrafts {
  let index = firstIndex;
  const ready = makeCampaign(ctx, { status: 'draft', index: index++, name: 'Ready to schedule' });
  const failing = {} as Record<PreflightFailure, Campaign>;
  for (const check of PREFLIGHT_FAILURES) {
    const c = makeCampaign(ctx, { status: 'draft', index: index++, name: `Draft failing the ${check} check` });
    BREAK[check](c);
    failing[check] = c;
  }
  return { ready, failing };
}
