// Floor of the one-call-over-TLS case: the same GET /webhooks that `mailctl webhook list --json`
// sends, with node:https alone, printing the webhooks as an indented JSON array as the CLI does.
// It trusts the emulator's CA as the CLI does: through NODE_EXTRA_CA_CERTS, which Node reads at start.
import https from 'node:https';

const base = new URL(process.env.BENCH_BASE_URL);
const req = https.get(
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
