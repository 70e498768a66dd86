// The vocabulary of the generated event log: the 17 email event types of spec 6.1, and the
// scripts (the life of one email as a sequence of types) the generator draws from.

export const EMAIL_EVENT_TYPES = [
  'injection', 'delivery', 'bounce', 'delay', 'out_of_band', 'spam_complaint', 'policy_rejection',
  'click', 'open', 'initial_open', 'amp_click', 'amp_open', 'amp_initial_open',
  'generation_failure', 'generation_rejection', 'list_unsubscribe', 'link_unsubscribe',
] as const;
export type EmailEventType = (typeof EMAIL_EVENT_TYPES)[number];

export const code = (t: EmailEventType): number => EMAIL_EVENT_TYPES.indexOf(t);

// The life of one email, as a sequence of event types, with a relative weight. Together they use
// all 17 types; an email's events interleave with other emails' (a pool of emails in flight).
export const SCRIPTS: ReadonlyArray<[number, EmailEventType[]]> = [
  [30, ['injection', 'delivery']],
  [20, ['injection', 'delivery', 'initial_open', 'open']],
  [10, ['injection', 'delivery', 'initial_open', 'open', 'click']],
  [5, ['injection', 'delay', 'delivery']],
  [6, ['injection', 'bounce']],
  [3, ['injection', 'delivery', 'out_of_band']],
  [2, ['injection', 'delivery', 'initial_open', 'spam_complaint']],
  [3, ['policy_rejection']],
  [2, ['generation_failure']],
  [2, ['generation_rejection']],
  [4, ['injection', 'delivery', 'amp_initial_open', 'amp_open', 'amp_click']],
  [3, ['injection', 'delivery', 'initial_open', 'list_unsubscribe']],
  [3, ['injection', 'delivery', 'initial_open', 'click', 'link_unsubscribe']],
];
export const SCRIPT_CODES = SCRIPTS.map(([, types]) => Uint8Array.from(types.map(code)));
export const cumulative = (weights: readonly number[]) => weights.reduce<number[]>((acc, w) => [...acc, (acc.at(-1) ?? 0) + w], []);
export const IN_FLIGHT = 24;

export const BOUNCE = code('bounce');
export const FAILED = new Set([code('policy_rejection'), code('generation_failure'), code('generation_rejection')]);
export const DELIVERY = code('delivery');
export const CLICKS = new Set([code('click'), code('amp_click')]);
export const OPENS = new Set([code('open'), code('initial_open'), code('amp_open'), code('amp_initial_open')]);
