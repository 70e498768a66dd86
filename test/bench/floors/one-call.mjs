// Floor of the one-call case: the same GET /webhooks that `mailctl webhook list --json` sends,
// with node:http alone, printing the webhooks as an indented JSON array as the CLI does.
import http from 'node:http';

const base = new URL(process.env.BENCH_BASE_URL);
const req = http.get(
  new URL('/webhooks', base),
  { headers: { Authorization: `Bearer ${process.env.BENCH_API_KEY}`, Accept: 'application/json' } },
  (res) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (d) => (body += d));
    res.on('end', () => {
      if (res.statusCode !== 200) {
        process.stderr.write(`floor: GET /webhooks answered ${res.statusCode}: ${body}\n`);
        process.exit(1);
      }
      process.stdout.write(`${JSON.stringify(JSON.parse(body).data.webhooks, null, 2)}\n`);
      process.exit(0);
    });
  },
);
req.on('error', (e) => {
  process.stderr.write(`floor: ${e.message}\n`);
  process.exit(1);
});
