// The record of one webhook delivery attempt, in a file of its own so that types.ts (which
// exposes the attempts) and delivery.ts (which makes them) do not import each other.

/** One POST the emulator made, for tests and the log. */
export interface DeliveryAttempt {
  webhookId: string;
  url: string;
  /** 1 to 7 */
  attempt: number;
  time: number;
  events: number;
  /** the receiver's status; 0 when none came (or the OAuth token request failed) */
  status: number;
  error?: string;
}
