// The benchmark cases of issue 9. Each returns rows: one per target, carrying its figures.
// Time is measured from spawn to exit of a child process; the emulator runs in this process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CaseCrash, cli, commandExists, floor, interleave, measure, median, scratch, sleep, stats } from './lib.mjs';

const emuEnv = (emu) => ({ MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full });
const floorEnv = (emu) => ({ BENCH_BASE_URL: emu.baseUrl, BENCH_API_KEY: emu.keys.full });

/** A time row measured against a floor run interleaved with it. */
function ratioRow(name, runs, floorRuns, floorLabel, max, extra = {}) {
  const time = stats(runs.map((r) => r.ms));
  const floorMs = median(floorRuns.map((r) => r.ms));
  const ratio = time.median / floorMs;
  return {
    case: name,
    time,
    floor: { label: floorLabel, median: floorMs, samples: stats(floorRuns.map((r) => r.ms)).samples },
    ratio,
    cpu: cpuRatio(runs, floorRuns),
    rssKb: maxRss(runs),
    floorRssKb: maxRss(floorRuns),
    target: max === undefined ? '(information)' : `≤ ${max}x floor`,
    met: max === undefined ? undefined : ratio <= max,
    figure: `${ratio.toFixed(2)}x`,
    ...extra,
  };
}

/** CPU time (user + system) of the case against its floor: far less sensitive to a busy machine than wall time. */
function cpuRatio(runs, floorRuns) {
  const a = runs.map((r) => r.cpuMs).filter((x) => x !== undefined);
  const b = floorRuns.map((r) => r.cpuMs).filter((x) => x !== undefined);
  if (!a.length || !b.length) return undefined;
  return { median: median(a), floorMedian: median(b), ratio: median(a) / median(b) };
}

const maxRss = (runs) => {
  const xs = runs.map((r) => r.rssKb).filter((x) => x !== undefined);
  return xs.length ? Math.max(...xs) : undefined;
};

function expectRequests(emu, n, what) {
  const got = emu.requests.length;
  const bad = emu.requests.filter((r) => r.status !== 200);
  if (got !== n || bad.length) {
    throw new CaseCrash(`${what}: expected ${n} requests answered 200, the emulator saw ${got} (${bad.length} not 200: ${[...new Set(bad.map((r) => r.status))].join(',')})`);
  }
}

// ---- 1. startup ------------------------------------------------------------------------------

export async function startup({ runs }) {
  const runners = (rss) => ({
    floor: () => measure(['-e', '0'], { rss }),
    version: () => measure(cli('--version'), { rss }),
    help: () => measure(cli('--help'), { rss }),
  });
  // Wall time from runs without any preload (even a tiny one costs a few ms, which would
  // flatter a ratio of two small numbers); peak RSS and CPU time from a few more runs with it.
  const r = await interleave(runners(false), { runs, warmup: 2 });
  const u = await interleave(runners(true), { runs: Math.max(3, Math.ceil(runs / 2)), warmup: 0 });
  const row = (name, key) => ({
    ...ratioRow(name, r[key], r.floor, 'node -e 0', 1.15),
    cpu: cpuRatio(u[key], u.floor),
    rssKb: maxRss(u[key]),
    floorRssKb: maxRss(u.floor),
  });
  return [row('startup: mailctl --version', 'version'), row('startup: mailctl --help', 'help')];
}

// ---- 2. one call -----------------------------------------------------------------------------

export async function oneCall({ runs, startEmulator }) {
  if (!(await commandExists('webhook', 'list'))) return [{ case: 'one call: webhook list --json', skipped: 'command missing' }];
  const emu = await startEmulator({ seed: 1 });
  try {
    const expected = emu.fixtures.webhooks.length;
    const checked = (args, env) => async () => {
      emu.clearRequests();
      const res = await measure(args, { env, rss: true });
      expectRequests(emu, 1, args.join(' '));
      const rows = JSON.parse(res.stdout);
      if (!Array.isArray(rows) || rows.length !== expected) throw new CaseCrash(`expected a JSON array of ${expected} webhooks, got: ${res.stdout.slice(0, 200)}`);
      return res;
    };
    // The code cache (src/boot/code-cache.ts) is the bench's own (lib.mjs, measure), as a user's; the warm-up
    // run writes it. The information row runs with a cache directory that cannot be made.
    const noCache = join(scratch, 'not-a-directory');
    writeFileSync(noCache, '');
    const r = await interleave(
      {
        floor: checked(floor('one-call.mjs'), floorEnv(emu)),
        cli: checked(cli('webhook', 'list', '--json'), emuEnv(emu)),
        uncached: checked(cli('webhook', 'list', '--json'), { ...emuEnv(emu), MAILCTL_CACHE_DIR: join(noCache, 'cache') }),
      },
      { runs, warmup: 1 },
    );
    return [
      ratioRow('one call: webhook list --json', r.cli, r.floor, 'node:http GET', 2.0),
      ratioRow('one call: the same, no code cache', r.uncached, r.floor, 'node:http GET'),
    ];
  } finally {
    await emu.close();
  }
}

// ---- 2b. one call over TLS, with the latency of a real network ---------------------------------

/** Milliseconds the emulator waits before each answer in the TLS case (`emulator --tls --latency 50`). */
const TLS_LATENCY_MS = 50;

export async function oneCallTls({ runs, startEmulator }) {
  const name = `one call over TLS, ${TLS_LATENCY_MS} ms latency: webhook list --json`;
  if (!(await commandExists('webhook', 'list'))) return [{ case: name, skipped: 'command missing' }];
  const emu = await startEmulator({ seed: 1, tls: true, latency: TLS_LATENCY_MS });
  try {
    const expected = emu.fixtures.webhooks.length;
    // Both trust the emulator's CA the way a user's machine trusts a corporate one.
    const ca = { NODE_EXTRA_CA_CERTS: emu.caPath };
    const checked = (args, env) => async () => {
      emu.clearRequests();
      const res = await measure(args, { env: { ...env, ...ca }, rss: true });
      expectRequests(emu, 1, args.join(' '));
      const rows = JSON.parse(res.stdout);
      if (!Array.isArray(rows) || rows.length !== expected) throw new CaseCrash(`expected a JSON array of ${expected} webhooks, got: ${res.stdout.slice(0, 200)}`);
      return res;
    };
    const r = await interleave(
      { floor: checked(floor('one-call-tls.mjs'), floorEnv(emu)), cli: checked(cli('webhook', 'list', '--json'), emuEnv(emu)) },
      { runs, warmup: 1 },
    );
    return [ratioRow(name, r.cli, r.floor, 'node:https GET', 1.25)];
  } finally {
    await emu.close();
  }
}

// ---- 3. streaming ----------------------------------------------------------------------------

async function streamRuns(startEmulator, events, runs, warmup) {
  const emu = await startEmulator({ seed: 1, events });
  try {
    const pages = Math.max(1, Math.ceil(events / 100));
    const checked = (args, env, label, exact) => async () => {
      emu.clearRequests();
      const res = await measure(args, { env, rss: true, stdout: 'null' });
      // The floor must make exactly the minimum; the CLI making more is a missed target (case 5).
      if (exact) expectRequests(emu, pages, label);
      else if (emu.requests.some((r) => r.status !== 200)) expectRequests(emu, pages, label);
      res.requests = emu.requests.length;
      return res;
    };
    return await interleave(
      {
        floor: checked(floor('stream.mjs'), floorEnv(emu), `stream floor (${events} events)`, true),
        cli: checked(cli('events', 'list', '--all', '--ndjson'), emuEnv(emu), `events list --all --ndjson (${events} events)`, false),
      },
      { runs, warmup },
    );
  } finally {
    await emu.close();
  }
}

export async function streaming({ runs, bigRuns, startEmulator }) {
  const name = 'stream: events list --all --ndjson';
  if (!(await commandExists('events', 'list'))) return [{ case: name, skipped: 'command missing' }];
  const small = await streamRuns(startEmulator, 20_000, runs, 1);
  const big = await streamRuns(startEmulator, 200_000, bigRuns, 0);
  // Peak RSS is the largest of the runs everywhere (the conservative reading).
  const rssBig = maxRss(big.cli);
  const rssSmall = maxRss(small.cli);
  const flat = rssBig / rssSmall;
  return [
    ratioRow(`${name}, 20,000 events`, small.cli, small.floor, 'node:http pager'),
    ratioRow(`${name}, 200,000 events`, big.cli, big.floor, 'node:http pager', 1.5),
    {
      case: 'stream: peak RSS at 200,000 events',
      rssKb: rssBig,
      floorRssKb: maxRss(big.floor),
      target: '≤ 100 MB',
      met: rssBig <= 100 * 1024,
      figure: `${(rssBig / 1024).toFixed(1)} MB`,
    },
    {
      case: 'stream: peak RSS 200,000 vs 20,000 events',
      rssKb: rssBig,
      floor: { label: '20,000 events', rssKb: rssSmall },
      ratio: flat,
      target: '≤ 1.10x (flat)',
      met: flat <= 1.1,
      figure: `${(rssBig / 1024).toFixed(1)} MB vs ${(rssSmall / 1024).toFixed(1)} MB = ${flat.toFixed(2)}x`,
    },
    requestsRow('requests: events list --all, 200,000 events', Math.max(...big.cli.map((r) => r.requests)), 2000, '200,000 / 100 per page'),
  ];
}

// ---- 4 and 5. rate-limited throughput and request counts -------------------------------------

function requestsRow(name, got, min, why) {
  return { case: name, target: `= ${min} (${why})`, met: got === min, figure: `${got} requests` };
}

function noRateLimitErrors(name, counts) {
  const total = counts.reduce((a, b) => a + b, 0);
  return { case: name, target: '0 answers 429', met: total === 0, figure: `${total} × 429 in ${counts.length} runs` };
}

export async function rateLimited({ rateRuns, startEmulator }) {
  const name = 'rate 3/s: events list --all --ndjson, 3,000 events';
  if (!(await commandExists('events', 'list'))) return [{ case: name, skipped: 'command missing' }];
  const rate = 3;
  const emu = await startEmulator({ seed: 1, events: 3000, rateLimit: rate });
  try {
    const counts = [];
    const requests = [];
    const runs = [];
    for (let i = 0; i < rateRuns; i++) {
      await sleep(2500); // a full bucket for every run (a 429 may leave it at -capacity)
      emu.clearRequests();
      runs.push(await measure(cli('events', 'list', '--all', '--ndjson'), { env: emuEnv(emu), rss: true, stdout: 'null' }));
      counts.push(emu.requests.filter((r) => r.status === 429).length);
      requests.push(emu.requests.filter((r) => r.status === 200).length);
    }
    const allowedMs = (30 / rate) * 1000;
    const time = stats(runs.map((r) => r.ms));
    const share = allowedMs / time.median;
    return [
      {
        case: name,
        time,
        floor: { label: '= 30 requests at 3/s', median: allowedMs },
        ratio: time.median / allowedMs,
        rssKb: maxRss(runs),
        target: '≤ 1.10x the 10 s allowed (≥ 90% of the rate)',
        met: time.median <= allowedMs * 1.1,
        figure: `${Math.round(share * 100)}% of the allowed rate`,
      },
      noRateLimitErrors('rate 3/s: 429 answers', counts),
      requestsRow('requests: events list --all, 3,000 events', Math.max(...requests), 30, '3,000 / 100 per page'),
    ];
  } finally {
    await emu.close();
  }
}

export async function bulk({ bulkRuns, startEmulator }) {
  const name = 'bulk 20/s: lists attach, 20,000 contacts × 60 lists';
  if (!(await commandExists('lists', 'attach'))) return [{ case: name, skipped: 'command missing' }];
  const rate = 20;
  const emu = await startEmulator({ seed: 1, contacts: 20_000, lists: 60, rateLimit: rate });
  try {
    const team = emu.store.teams.main;
    const notes = [];
    // An emulator built before its `lists` option ignores it and has 6 lists: add the rest to
    // its live store, which is part of its public interface.
    if (team.lists.size < 60) {
      notes.push(`the emulator made ${team.lists.size} lists (no \`lists\` option?): the bench added ${60 - team.lists.size} to its store`);
      for (let i = team.lists.size; i < 60; i++) {
        const id = crypto.randomUUID();
        team.lists.set(id, { id, name: `Bench list ${i + 1}`, created_at: Date.now() });
      }
    }
    const contactIds = [...team.contacts.keys()].slice(0, 20_000);
    const listIds = [...team.lists.keys()].slice(0, 60);
    if (contactIds.length < 20_000) throw new CaseCrash(`the emulator holds ${contactIds.length} contacts, not 20,000`);
    const contactsFile = join(scratch, 'contacts.txt');
    const listsFile = join(scratch, 'lists.txt');
    writeFileSync(contactsFile, `${contactIds.join('\n')}\n`);
    writeFileSync(listsFile, `${listIds.join('\n')}\n`);
    const original = new Map(contactIds.map((id) => [id, new Set(team.contacts.get(id).listIds)]));
    const restore = () => {
      for (const [id, lists] of original) team.contacts.get(id).listIds = new Set(lists);
    };

    const counts = [];
    const requests = [];
    const args = ['lists', 'attach', '--contacts-file', contactsFile, '--lists-file', listsFile];
    const r = await interleave(
      {
        // The command's own start-up: the same command with --dry-run reads and checks both
        // files and plans the 40 requests, and sends nothing.
        startup: () => measure(cli(...args, '--dry-run'), { env: emuEnv(emu), rss: true }),
        attach: async () => {
          emu.clearRequests();
          const res = await measure(cli(...args), { env: emuEnv(emu), rss: true });
          counts.push(emu.requests.filter((q) => q.status === 429).length);
          requests.push(emu.requests.filter((q) => q.status === 200).length);
          const missing = contactIds.filter((c) => listIds.some((l) => !team.contacts.get(c).listIds.has(l))).length;
          if (missing) throw new CaseCrash(`lists attach exited 0 but ${missing} contacts miss some of the 60 lists`);
          return res;
        },
      },
      {
        runs: bulkRuns,
        warmup: 0,
        between: async (n) => {
          if (n !== 'attach') return;
          restore();
          await sleep(2500); // a full bucket for every run
        },
      },
    );
    const startupMs = median(r.startup.map((x) => x.ms));
    const allowedMs = (40 / rate) * 1000 + startupMs;
    const time = stats(r.attach.map((x) => x.ms));
    return [
      {
        case: name,
        time,
        floor: { label: `= 2 s + start-up (${Math.round(startupMs)} ms, same command --dry-run)`, median: allowedMs, startupMs },
        ratio: time.median / allowedMs,
        rssKb: maxRss(r.attach),
        target: '≤ 1.15x (2 s + startup)',
        met: time.median <= allowedMs * 1.15,
        figure: `${(time.median / allowedMs).toFixed(2)}x`,
        notes,
      },
      noRateLimitErrors('bulk 20/s: 429 answers', counts),
      requestsRow('requests: lists attach, 20,000 × 60', Math.max(...requests), 40, 'ceil(20000/1000) × ceil(60/50)'),
    ];
  } finally {
    await emu.close();
  }
}

export { archive } from './archive.mjs';

// ---- 7. id input memory (issue 17) -------------------------------------------------------------

export async function ids({ bigRuns }) {
  const name = 'ids: peak RSS, lists attach --dry-run --json, 1,000,000 ids';
  if (!(await commandExists('lists', 'attach'))) return [{ case: name, skipped: 'command missing' }];
  const uuid = (i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
  const write = (count) => {
    const path = join(scratch, `ids-${count}.txt`);
    const lines = [];
    for (let i = 0; i < count; i++) lines.push(uuid(i));
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const big = write(1_000_000);
  const small = write(100_000);
  // --dry-run sends nothing: the base URL only has to be well-formed. --json prints every id
  // (the plan with each request's body), so the whole second pass is measured too.
  const env = { MAILCTL_BASE_URL: 'http://127.0.0.1:9', MAILCTL_API_KEY: 'lttr_benchbenchbenchbenchbench' };
  const run = (file) => () => measure(cli('lists', 'attach', '--contacts-file', file, '--list', uuid(1), '--dry-run', '--json'), { env, rss: true, stdout: 'null' });
  const r = await interleave({ floor: run(small), cli: run(big) }, { runs: Math.max(2, bigRuns), warmup: 0 });
  const rssBig = maxRss(r.cli);
  const rssSmall = maxRss(r.floor);
  return [
    {
      case: name,
      time: stats(r.cli.map((x) => x.ms)),
      rssKb: rssBig,
      floorRssKb: rssSmall,
      target: '≤ 150 MB',
      met: rssBig <= 150 * 1024,
      figure: `${(rssBig / 1024).toFixed(1)} MB`,
    },
    {
      case: 'ids: peak RSS 1,000,000 vs 100,000 ids (information)',
      rssKb: rssBig,
      floor: { label: '100,000 ids', rssKb: rssSmall },
      ratio: rssBig / rssSmall,
      target: '(information)',
      figure: `${(rssBig / 1024).toFixed(1)} MB vs ${(rssSmall / 1024).toFixed(1)} MB = ${(rssBig / rssSmall).toFixed(2)}x`,
    },
  ];
}

// ---- 8. contact import (issue 28) --------------------------------------------------------------

/**
 * `contact import` of 1,000,000 addresses at 3 requests/s: exactly 1,000 requests, at least 95%
 * of the allowed rate (the 1,000 requests cannot take less than 333 s), no 429, and memory flat:
 * peak RSS at most 120 MB, and within 1.10x of the same import of 100,000 addresses.
 * BENCH_IMPORT_ADDRESSES=N runs it on N addresses (N/10 for the floor) to check the case works.
 */
export async function contactImport({ startEmulator }) {
  const total = Number(process.env.BENCH_IMPORT_ADDRESSES ?? 1_000_000);
  const name = `import 3/s: contact import, ${total.toLocaleString('en-US')} addresses`;
  if (!(await commandExists('contact', 'import'))) return [{ case: name, skipped: 'command missing' }];
  const rate = 3;
  const write = (count, tag) => {
    const path = join(scratch, `addresses-${tag}-${count}.txt`);
    const lines = [];
    for (let i = 0; i < count; i++) lines.push(`${tag}${i}@bench.example`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const small = Math.max(1, Math.round(total / 10));
  const bigFile = write(total, 'big');
  const smallFile = write(small, 'small');
  const emu = await startEmulator({ seed: 1, rateLimit: rate });
  try {
    const run = async (file) => {
      await sleep(2500); // a full bucket for every run
      emu.clearRequests();
      const res = await measure(cli('contact', 'import', file, '--json'), { env: emuEnv(emu), rss: true, stdout: 'null' });
      return { ...res, ok: emu.requests.filter((q) => q.status === 201).length, limited: emu.requests.filter((q) => q.status === 429).length };
    };
    const floorRun = await run(smallFile);
    const bigRun = await run(bigFile);
    const requests = Math.ceil(total / 1000);
    const allowedMs = (requests / rate) * 1000;
    const share = allowedMs / bigRun.ms;
    const flat = bigRun.rssKb / floorRun.rssKb;
    return [
      {
        case: name,
        time: stats([bigRun.ms]),
        floor: { label: `= ${requests} requests at ${rate}/s`, median: allowedMs },
        ratio: bigRun.ms / allowedMs,
        rssKb: bigRun.rssKb,
        target: '≥ 95% of the allowed rate',
        met: share >= 0.95,
        figure: `${Math.round(share * 100)}% of the allowed rate`,
      },
      requestsRow(`requests: contact import, ${total.toLocaleString('en-US')} addresses`, bigRun.ok, requests, `${total.toLocaleString('en-US')} / 1,000 per request`),
      noRateLimitErrors('import 3/s: 429 answers', [bigRun.limited, floorRun.limited]),
      {
        case: `import: peak RSS, ${total.toLocaleString('en-US')} addresses`,
        rssKb: bigRun.rssKb,
        target: '≤ 120 MB',
        met: bigRun.rssKb <= 120 * 1024,
        figure: `${(bigRun.rssKb / 1024).toFixed(1)} MB`,
      },
      {
        case: `import: peak RSS ${total.toLocaleString('en-US')} vs ${small.toLocaleString('en-US')} addresses`,
        rssKb: bigRun.rssKb,
        floor: { label: `${small.toLocaleString('en-US')} addresses`, rssKb: floorRun.rssKb },
        ratio: flat,
        target: '≤ 1.10x (flat)',
        met: flat <= 1.1,
        figure: `${(bigRun.rssKb / 1024).toFixed(1)} MB vs ${(floorRun.rssKb / 1024).toFixed(1)} MB = ${flat.toFixed(2)}x`,
      },
    ];
  } finally {
    await emu.close();
  }
}
