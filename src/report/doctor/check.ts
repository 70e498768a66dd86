import type { ChecklistRow } from '../../output/checklist.js';
import { commandLine } from '../../output/command-line.js';

// One row of `doctor`: what was checked, what was found (never a key, password
// or proxy credential), and the exact fix (a command to run or a variable to set).

export type Check = ChecklistRow;

export const pass = (name: string, detail: string): Check => ({ name, status: 'pass', detail });
export const warn = (name: string, detail: string, fix: string): Check => ({ name, status: 'warn', detail, fix });
export const fail = (name: string, detail: string, fix: string): Check => ({ name, status: 'fail', detail, fix });

/** `mailctl auth login ...` for a fix, with --profile (quoted) unless it is the default profile. */
export function loginCommand(profile: string, extra: string[] = []): string {
  return commandLine(['auth', 'login', ...extra], profile === 'default' ? [] : ['--profile', profile]);
}
