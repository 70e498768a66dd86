// Peak memory of one oversized page (docs/reliability.md, "Bounds"): a server on loopback
// answers `events list` with a single page of N events (55,000 by default, about 15 MB, under
// the 16 MiB cap of one answer),
// and `mailctl events list --ndjson > /dev/null` is measured with /usr/bin/time (peak RSS,
// wall and CPU time). Not part of `npm run bench`: run it by hand after `npm run build`:
//   node test/bench/big-page.mjs [events] [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/mailctl.js', import.meta.url));
const events = Number(process.argv[2] ?? 55_000);
const runs = Number(process.argv[3] ?? 3);

function event(i) {
  return {
    event_id: String(1_000_000_000_000 + i),
    type: i % 7 === 0 ? 'bounce' : 'delivery',
    timestamp: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
    rcpt_to: `user${i}@corp.example`,
    recipient_domain: 'corp.example',
    mailbox_provider: 'Microsoft Outlook',
    subject: i % 10 === 0 ? 'Wir vermissen Sie: 20 % Rabatt – “ünïcödé”' : 'We miss you: 20% off this week',
    friendly_from: 'orders@mail.acme.example',
  };
}

const rows = Array.from({ length: events }, (_, i) => JSON.stringify(event(i)));
const body = Buffer.from(
  `{"message":"Events retrieved successfully.","data":{"events":{"data":[${rows.join(',')}],"total_count":${events},` +
    `"from":"2026-11-01T00:00:00.000+00:00","to":"2026-11-30T00:00:00.000+00:00","pagination":{"next_cursor":null,"per_page":100}}}}`,
);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
console.log(`one page of ${events.toLocaleString('en-US')} events, ${(body.length / 1e6).toFixed(1)} MB`);

for (let run = 1; run <= runs; run++) {
  // spawned, not spawnSync: this process's server must keep answering; stdout goes to /dev/null
  const child = await new Promise((resolve) => {
    const args = ['-f', '%M %e %U %S', process.execPath, BIN, 'events', 'list', '--ndjson', '--from', '2026-11-01', '--to', '2026-11-30'];
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, MAILCTL_BASE_URL: `http://127.0.0.1:${port}`, MAILCTL_API_KEY: 'lttr_bench', MAILCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'mailctl-big-page-')) };
    const p = spawn('/usr/bin/time', args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => resolve({ code, err }));
  });
  const [rssKb, wall, user, sys] = child.err.trim().split('\n').pop().split(' ').map(Number);
  console.log(`run ${run}: exit ${child.code}, peak RSS ${(rssKb / 1024).toFixed(0)} MB, ${wall.toFixed(2)} s wall, ${(user + sys).toFixed(2)} s CPU`);
  if (child.code !== 0) console.log(child.err);
}
server.close();
