// Time moves in the emulator: what was due by the emulator's clock happens — scheduled
// campaigns start and are sent recipient by recipient, sent and scheduled emails produce their
// events — and every new event of a team goes to its webhooks. Each request moves the store
// first (app.ts), and a timer wakes the emulator when the next thing is due, so that even with
// no request and no --live a campaign scheduled a few seconds ahead is sent and delivered.
import { advanceCampaigns, nextCampaignDue } from './data/campaign-events.js';
import type { SentInfo } from './data/event-log.js';
import { flushOutbox, mirrorCampaignEvents, nextPending } from './data/outbox.js';
import type { Campaign, EmulatorStore, TeamData } from './types.js';

/** The longest a timer sleeps before it looks again (a clock a test moves by hand is not followed). */
const MAX_SLEEP_MS = 60_000;

function campaignInfo(c: Campaign): SentInfo {
  return { recipients: [...c.recipients], subject: c.subject ?? c.name, from: c.from_email ?? '', fromName: c.from_name };
}

export function startClock(
  store: EmulatorStore,
  now: () => number,
  /** receives the events [from, to) each advance appended to a team's log */
  appended: (team: TeamData, from: number, to: number) => void,
): { advance(at: number): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const advance = (at: number) => {
    for (const team of Object.values(store.teams)) {
      const before = team.events.length;
      advanceCampaigns(team, at, (c, batch) => mirrorCampaignEvents(team, c.id, () => campaignInfo(c), batch));
      flushOutbox(team, at);
      if (team.events.length > before) appended(team, before, team.events.length);
    }
    arm(at);
  };

  function arm(at: number): void {
    clearTimeout(timer);
    if (stopped) return;
    let next = Infinity;
    for (const team of Object.values(store.teams)) next = Math.min(next, nextPending(team), nextCampaignDue(team, at));
    if (next === Infinity) return;
    timer = setTimeout(() => advance(now()), Math.min(MAX_SLEEP_MS, Math.max(10, next - at)));
    timer.unref();
  }

  arm(now());
  return {
    advance,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
