// Event mixes for `mailctl emulator --scenario`: how often each email life of
// event-scripts.ts's SCRIPTS occurs, so a team's rates land on a known side of
// each deliverability threshold (service-notes.md). Weights are in SCRIPTS order.

export const SCENARIOS = ['mixed', 'healthy', 'critical-complaint'] as const;
export type Scenario = (typeof SCENARIOS)[number];

// SCRIPTS order: 0 delivered, 1 opened, 2 clicked, 3 delayed, 4 bounced, 5 out-of-band,
// 6 complaint, 7 policy rejection, 8 generation failure, 9 generation rejection, 10 AMP,
// 11 list unsubscribe, 12 link unsubscribe.
const HEALTHY = [3000, 3000, 1500, 500, 50, 20, 0, 30, 20, 20, 400, 300, 300];

export const SCENARIO_WEIGHTS: Record<Scenario, readonly number[] | undefined> = {
  // the original mix: every type often enough to test with; bounce and complaint rates critical
  mixed: undefined,
  // bounce rate ~0.8 %, no complaints, open ~56 %, click ~20 %: healthy on every signal
  healthy: HEALTHY,
  // healthy bounces, complaint rate ~1.1 % (critical above 0.3 %)
  'critical-complaint': HEALTHY.map((w, i) => (i === 6 ? 100 : w)),
};
