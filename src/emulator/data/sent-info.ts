// What the event log keeps of an email sent through the API, beyond its columns.

/** What an email sent through the API (or a campaign the emulator sends) carries beyond the columns. */
export interface SentInfo {
  recipients: string[];
  subject: string;
  from: string;
  fromName: string | null;
  tag?: string;
  metadata?: Record<string, string>;
  options?: { click_tracking?: boolean; open_tracking?: boolean; transactional?: boolean };
  msgSize?: number;
  scheduledAt?: number;
}

export function indexOf(list: string[], value: string): number {
  const i = list.indexOf(value);
  return i >= 0 ? i : list.push(value) - 1;
}
