// Floor of the streaming case: pages GET /emails/events (per_page=100, following
// pagination.next_cursor) with node:http and a keep-alive agent alone, and writes each event as
// one NDJSON line to stdout (the benchmark points stdout at /dev/null), page by page, as
// `mailctl events list --all --ndjson` does. No validation, no retries, no pacing: the least
// work that produces the same output.
import http from 'node:http';
import { once } from 'node:events';

const base = new URL(process.env.BENCH_BASE_URL);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const headers = { Authorization: `Bearer ${process.env.BENCH_API_KEY}`, Accept: 'application/json' };

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, base), { agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`GET ${path} answered ${res.statusCode}: ${body}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

try {
  let cursor = null;
  do {
    const query = new URLSearchParams({ per_page: '100' });
    if (cursor) query.set('cursor', cursor);
    const page = JSON.parse(await get(`/emails/events?${query}`)).data.events;
    let chunk = '';
    for (const event of page.data) chunk += `${JSON.stringify(event)}\n`;
    if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
    cursor = page.pagination.next_cursor;
  } while (cursor);
  process.exit(0);
} catch (e) {
  process.stderr.write(`floor: ${e.message}\n`);
  process.exit(1);
}
