// `report --html` in a real browser: Debian's chromium (installed by .ci/run)
// opens the file headless through puppeteer-core (no browser download), and
// the test reads the DOM through the DevTools protocol.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
// the report is written in-process; what needs a process of its own here is the browser
import { runCliInProcess as runCli } from '../helpers/context.js';
import { writeArchive, type ApiEvent } from './fixtures.js';

const CHROMIUM = [process.env.CHROMIUM_PATH ?? '', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));

/**
 * As helpers/tools.ts's requireCommand (which runs `cmd -c 'exit 0'`, and would
 * start a browser here): skip with the reason, or fail under MAILCTL_CI_STRICT=1.
 */
function requireChromium(ctx: { skip(note?: string): never }): string {
  if (CHROMIUM) return CHROMIUM;
  if (process.env.MAILCTL_CI_STRICT === '1') throw new Error('chromium not installed, and MAILCTL_CI_STRICT=1 forbids skipping (did .ci/run\'s apt-get install fail?)');
  const reason = 'chromium not installed: skipped; .ci/run installs it (apt-get install -y chromium)';
  console.warn(reason);
  return ctx.skip(reason);
}

function events(): ApiEvent[] {
  const out: ApiEvent[] = [];
  const day = (d: number, i: number) => new Date(Date.parse('2026-11-10T08:00:00Z') + d * 86_400_000 + i * 1000).toISOString();
  for (let d = 0; d < 7; d++) {
    for (let i = 0; i < 50 + d * 10; i++) {
      const id = `t${d}-${i}`;
      out.push({ event_id: `${id}i`, type: 'injection', timestamp: day(d, i), request_id: id, rcpt_to: `r${i}@example.com` });
      out.push({ event_id: `${id}${i < d ? 'b' : 'd'}`, type: i < d ? 'bounce' : 'delivery', timestamp: day(d, i), request_id: id, bounce_class: i < d ? 10 : undefined });
      if (i === 0 && d === 3) out.push({ event_id: `${id}c`, type: 'spam_complaint', timestamp: day(d, i) });
    }
  }
  return out;
}

describe('report --html', () => {
  // one archive for the tests that read it (they only read)
  let archive: string | undefined;
  const events7 = () => (archive ??= writeArchive(events()));

  it('writes one self-contained file: no script, no stylesheet or image from elsewhere', async () => {
    const file = join(tempDir(), 'report.html');
    const r = await runCli(['report', '--db', events7(), '--from', '2026-11-10', '--to', '2026-11-16', '--html', file, '--json'], { env: {} });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`HTML report written to ${file}`);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('<svg');
    // the --json document is still on stdout
    expect(JSON.parse(r.stdout).rows).toHaveLength(7);
  });

  it('refuses a folder that does not exist before anything is read (exit 2)', async () => {
    const r = await runCli(['report', '--db', '/nonexistent.sqlite', '--html', '/nonexistent/dir/r.html'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--html/);
  });

  it('renders in headless Chromium with no console error, and the charts have one bar per day', async (ctx) => {
    const chromium = requireChromium(ctx);
    const dir = tempDir();
    const file = join(dir, 'report.html');
    const r = await runCli(['report', '--db', events7(), '--from', '2026-11-10', '--to', '2026-11-16', '--html', file], { env: {} });
    expect(r.code, r.stderr).toBe(0);
    const puppeteer = (await import('puppeteer-core')).default;
    const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      const fetched: string[] = [];
      page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
      page.on('pageerror', (e) => void problems.push(String(e)));
      page.on('request', (req) => void fetched.push(req.url()));
      const url = pathToFileURL(file).href;
      const res = await page.goto(url, { waitUntil: 'load' });
      expect(res?.ok()).toBe(true);
      const png = await page.screenshot({ path: join(dir, 'report.png'), fullPage: true });
      expect(Buffer.from(png).subarray(1, 4).toString()).toBe('PNG');
      expect(problems).toEqual([]);
      // Only the file itself was loaded: nothing from the network.
      expect(fetched).toEqual([url]);
      const dom = await page.evaluate(() => {
        const count = (sel: string) => document.querySelectorAll(sel).length;
        return {
          volume: count('#chart-volume rect.bar'),
          bounce: count('#chart-bounce rect.bar'),
          complaint: count('#chart-complaint rect.bar'),
          thresholds: count('#chart-bounce line.threshold') + count('#chart-complaint line.threshold'),
          rows: count('#breakdown tbody tr'),
          verdicts: [...document.querySelectorAll('#verdicts .verdict')].map((e) => e.textContent),
          critical: count('#chart-complaint rect.bar.over-critical'),
          heights: [...document.querySelectorAll('#chart-volume rect.bar')].map((e) => Number(e.getAttribute('height'))),
          width: document.querySelector('#chart-volume')!.getBoundingClientRect().width,
        };
      });
      expect(dom).toMatchObject({ volume: 7, bounce: 7, complaint: 7, thresholds: 4, rows: 7, critical: 1 });
      // day d has 50 + 10d injections: bars grow day by day
      expect(dom.heights).toEqual([...dom.heights].sort((a, b) => a - b));
      expect(dom.width).toBeGreaterThan(300);
      expect(dom.verdicts.slice(0, 2)).toEqual(['warning', 'warning']);
    } finally {
      await browser.close();
    }
  });
});
