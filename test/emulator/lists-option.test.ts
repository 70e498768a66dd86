import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';

describe('emulator lists option', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ lists: 60, contacts: 5 });
  });
  afterAll(() => emu.close());

  it('generates the requested number of lists, all usable in one bulk request up to the limit of 50', async () => {
    expect(emu.fixtures.lists).toHaveLength(60);
    const res = await fetch(`${emu.baseUrl}/audience/contacts/lists/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.keys.full}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contact_ids: emu.fixtures.contacts.slice(0, 2), list_ids: emu.fixtures.lists.slice(10, 60) }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { total_pairs: number; attached: number; already_attached: number } };
    expect(body.data.total_pairs).toBe(100);
    expect(body.data.attached + body.data.already_attached).toBe(100);
  });

  it('refuses a count below 1', async () => {
    await expect(startEmulator({ lists: 0 })).rejects.toThrow(/lists/);
  });
});
