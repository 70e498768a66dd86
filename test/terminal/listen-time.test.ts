// cli.md "--utc (times in UTC instead of local, header says which)": webhook listen's terminal
// table shows the time of day each delivery arrived, and its header names the zone like every
// other time column; --utc shows it in UTC.
import { describe, expect, it } from 'vitest';
import { listenInProcess } from '../helpers/webhook.js';

const DELIVERY = [{ msys: { message_event: { type: 'delivery', event_id: 'e-listen-1', timestamp: '1795676400', rcpt_to: 'a@b.example' } } }];

async function listenOnTerminal(extra: string[]) {
  const l = await listenInProcess(['--count', '1', ...extra], { stdoutIsTTY: true, columns: 120, env: { NO_COLOR: '1' } });
  const answer = await fetch(l.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DELIVERY) });
  expect(answer.status).toBe(200);
  const r = await l.done;
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.split('\n');
}

describe('webhook listen on a terminal', () => {
  it('the TIME header names the zone of the times under it', async () => {
    const [header, row] = await listenOnTerminal([]);
    expect(header).toMatch(/^TIME \(UTC([+-]\d\d:\d\d)?\)\s+TYPE/);
    expect(row).toMatch(/^\d\d:\d\d:\d\d\s+message\.delivery\s+a@b\.example/);
  });

  it('--utc: the header says UTC', async () => {
    const [header, row] = await listenOnTerminal(['--utc']);
    expect(header).toMatch(/^TIME \(UTC\)\s+TYPE/);
    expect(row).toMatch(/^\d\d:\d\d:\d\d\s+message\.delivery/);
  });
});

describe('Ctrl-C at a terminal', () => {
  // the terminal echoes "^C" where the cursor is, at the start of the line under the rows
  it('webhook listen: the summary starts on a cleared line, not after the echoed ^C; stderr in a pipe stays plain', async () => {
    for (const stderrIsTTY of [true, false]) {
      const l = await listenInProcess([], { stderrIsTTY, env: { NO_COLOR: '1' } });
      l.interrupt();
      const r = await l.done;
      expect(r.code, r.stderr).toBe(130);
      const summary = r.stderr.split('\n').find((line) => line.includes('Received 0 deliveries'));
      expect(summary, r.stderr).toBe(`${stderrIsTTY ? '\r\u001b[2K' : ''}Received 0 deliveries (0 events): 0 valid, 0 rejected.`);
    }
  });
});
