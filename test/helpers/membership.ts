import type { Emulator } from '../../src/emulator/index.js';

/**
 * The list memberships of an emulator's main team, for bulk attach/detach
 * tests: count pairs, and put every contact's lists back between cases.
 */
export function memberships(emu: Emulator) {
  const contacts = emu.store.teams.main.contacts;
  const original = new Map([...contacts.values()].map((c) => [c.id, new Set(c.listIds)]));
  return {
    /** How many of the given pairs are memberships now. */
    present(cs: string[], ls: string[]): number {
      let count = 0;
      for (const c of cs) {
        const set = contacts.get(c)!.listIds;
        for (const l of ls) if (set.has(l)) count++;
      }
      return count;
    },
    /** Every contact back in the lists it had when this was created. */
    restore(): void {
      for (const [id, set] of original) contacts.get(id)!.listIds = new Set(set);
    },
  };
}
