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

/**
 * An archive holds one team's events (`events sync` refuses another team's key): with the key's
 * team known from doctor's GET /auth/check, another team's archive is a failing row, as a sync
 * with this key would fail.
 */
export function otherTeamArchive(detail: string, recorded: number | null, keyTeam: number | undefined): Check | undefined {
  if (recorded === null || keyTeam === undefined || recorded === keyTeam) return undefined;
  return fail(
    'archive',
    `${detail}, but this key belongs to team ${keyTeam}: events sync with it is refused, and a report from the archive is team ${recorded}'s`,
    `use a key of team ${recorded}, or sync team ${keyTeam} into an archive of its own (mailctl events sync --db PATH, or another --profile)`,
  );
}
