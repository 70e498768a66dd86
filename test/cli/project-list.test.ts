// `project list` (service-api-rest.md 4.23): page numbers, --all, the next-page command.
import { describe, expect, it } from 'vitest';
import { runInProcess, useEmulator } from '../helpers/context.js';

const emu = useEmulator({ seed: 32, events: 5 });
const run = (args: string[]) => runInProcess(['project', 'list', ...args], { emulator: emu });

describe('project list', () => {
  it('lists the projects of the team', async () => {
    const r = await run(['--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toMatchObject([{ method: 'GET', path: '/projects' }]);
    const rows = JSON.parse(r.stdout) as { id: number; name: string }[];
    expect(rows.length).toBe(emu.store.teams.main.sending.projects.size);
    expect(rows.map((p) => p.name)).toContain('Marketing');
  });

  it('one page at a time with the next-page command; --all follows every page', async () => {
    const one = await run(['--per-page', '1']);
    expect(one.exitCode, one.stderr).toBe(0);
    expect(one.stdout.trim().split('\n')).toHaveLength(1);
    expect(one.requests[0]).toMatchObject({ query: { per_page: '1' } });
    expect(one.stderr).toContain('mailctl project list --per-page 1 --page 2');
    const all = await run(['--per-page', '1', '--all', '--ndjson']);
    expect(all.stdout.trim().split('\n')).toHaveLength(emu.store.teams.main.sending.projects.size);
  });

  it('a per-page out of bounds is refused before sending', async () => {
    const r = await run(['--per-page', '101']);
    expect(r.exitCode).toBe(2);
    expect(r.requests).toHaveLength(0);
  });
});
