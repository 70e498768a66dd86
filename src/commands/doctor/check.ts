// One row of `doctor`: what was checked, what was found, and the exact fix.

export type CheckStatus = 'pass' | 'warn' | 'fail';

export interface Check {
  name: string;
  status: CheckStatus;
  /** What was found, in words; never a key, password or proxy credential. */
  detail: string;
  /** A command to run or a variable to set; only on a warning or failure. */
  fix?: string;
}

export const pass = (name: string, detail: string): Check => ({ name, status: 'pass', detail });
export const warn = (name: string, detail: string, fix: string): Check => ({ name, status: 'warn', detail, fix });
export const fail = (name: string, detail: string, fix: string): Check => ({ name, status: 'fail', detail, fix });

export const SYMBOL: Record<CheckStatus, string> = { pass: '✔', warn: '!', fail: '✘' };

/** `--profile NAME` for a fix command, empty for the default profile. */
export function profileFlag(profile: string): string {
  return profile === 'default' ? '' : ` --profile ${profile}`;
}
