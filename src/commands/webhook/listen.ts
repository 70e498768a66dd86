import { maskUrl } from '../../api/redact.js';
import type { Context } from '../../context.js';
import { CheckFailedError, ExitCode, UsageError } from '../../errors.js';
import { parseDuration } from '../../duration.js';
import { receiverUrl } from '../../input/values.js';
import { createListWriter, type ListWriter } from '../../output/list.js';
import type { ReceivedDelivery } from '../../webhooks/receiver.js';
import { command, flag } from '../define.js';
import { LISTEN_SPEC, listenSpec, rowsOf, type ListenRow } from '../../webhooks/listen-rows.js';
import { guardUrlSecret, parseAuthFlags, readAuth, type AuthChoice } from '../../webhooks/receiver-auth.js';
import { authFlags, RECEIVER_SECRET_FLAGS } from './receiver-auth.js';
import { counted } from '../../counts.js';

// `webhook listen`: a receiver on 127.0.0.1 that shows what a webhook delivers and whether its
// credentials are what the receiver expects. Secrets come from stdin or env, never from flags.

interface ListenOptions extends AuthChoice {
  port: number;
  respond?: number;
  forwardTo?: string;
  count?: number;
  expect?: number;
}

const DEFAULT_EXPECT_TIMEOUT_MS = 30_000;

/** --timeout bounds the wait of --expect (default 30s); without --expect the receiver runs until Ctrl-C or --count. */
function expectWindow(ctx: Context): number {
  return ctx.globals.timeout === undefined ? DEFAULT_EXPECT_TIMEOUT_MS : parseDuration(ctx.globals.timeout, '--timeout');
}

async function run(opts: ListenOptions, ctx: Context): Promise<void> {
  const out = ctx.output(LISTEN_SPEC);
  const { auth, signingSecret } = await readAuth(opts, ctx);
  const windowMs = opts.expect === undefined ? undefined : expectWindow(ctx);
  const writer: ListWriter<ListenRow> = createListWriter(out, listenSpec(out), { streamTable: true });

  const tally = { deliveries: 0, events: 0, valid: 0, rejected: 0, forwardedOk: 0, forwardFailed: 0 };
  const seen = new Set<string>();
  let finish: (() => void) | undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  // Rows are written in arrival order even when a relay makes one delivery slower than the next.
  let writing = Promise.resolve();

  const onDelivery = (d: ReceivedDelivery) => {
    tally.deliveries++;
    tally.events += d.events.length;
    if (d.valid) tally.valid++;
    else tally.rejected++;
    if (d.forward) d.forward.status >= 200 && d.forward.status < 300 ? tally.forwardedOk++ : tally.forwardFailed++;
    if (!d.valid) ctx.warn(`delivery ${d.seq} rejected with ${d.status}: ${d.problem}`);
    else if (d.signature === 'absent') ctx.notice(`delivery ${d.seq} has no lettr-signature header (accepted: the signature is optional)`);
    const rows = rowsOf(d, seen);
    writing = writing.then(() => writer.write(rows));
    // --count and --expect count valid deliveries: a rejected one is reported, and the sender's
    // retry with the right credentials still finds the receiver listening.
    if ((opts.count !== undefined && tally.valid >= opts.count) || (opts.expect !== undefined && tally.valid >= opts.expect)) finish?.();
  };

  const { reachesListener, startReceiver } = await import('../../webhooks/receiver.js');
  const forwardTo = opts.forwardTo;
  const loop = (port: number) =>
    new UsageError(`--forward-to ${maskUrl(forwardTo ?? '')}: that is this listener (127.0.0.1:${port}): every relay would arrive as a new delivery to relay`, {
      hint: "give your app's address, on another port",
    });
  if (forwardTo !== undefined) guardUrlSecret(ctx, forwardTo);
  if (forwardTo !== undefined && opts.port !== 0 && (await reachesListener(forwardTo, opts.port))) throw loop(opts.port);
  const receiver = await startReceiver({ port: opts.port, auth, signingSecret, respond: opts.respond, forwardTo: opts.forwardTo, now: ctx.now, onDelivery }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') throw new UsageError(`--port ${opts.port}: another program is listening on 127.0.0.1:${opts.port}`, { hint: 'choose another port, or leave --port out for a free one' });
      if (error.code === 'EACCES') throw new UsageError(`--port ${opts.port}: not allowed to listen on it (ports below 1024 need privileges)`);
      throw error;
    },
  );
  // --port 0: the port is known only now, and nothing has been delivered yet
  if (forwardTo !== undefined && (await reachesListener(forwardTo, receiver.port))) {
    await receiver.close();
    throw loop(receiver.port);
  }
  const expects = auth.type === 'none' ? 'no auth' : auth.type === 'basic' ? `Basic auth as ${auth.username}` : 'a Bearer token';
  ctx.notice(`Listening on ${receiver.url} (expecting ${expects}${signingSecret ? ', checking lettr-signature' : ''}; answering ${forwardTo ? `what ${maskUrl(forwardTo)} answers` : (opts.respond ?? 200)}). Ctrl-C to stop.`);
  ctx.notice(`Point a webhook at it:  mailctl webhook set WEBHOOK_ID --url ${receiver.url}`);

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    if (windowMs !== undefined) timer = setTimeout(() => resolve(true), windowMs);
  });
  const aborted = new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    await Promise.race([done, aborted, timedOut]);
  } finally {
    clearTimeout(timer);
    await receiver.close();
    await writing;
    await writer.end();
  }
  const forwarded = opts.forwardTo ? `; forwarded ${tally.forwardedOk} ok, ${tally.forwardFailed} failed` : '';
  ctx.notice(`Received ${counted(tally.deliveries, 'delivery', 'deliveries')} (${counted(tally.events, 'event')}): ${tally.valid} valid, ${tally.rejected} rejected${forwarded}.`);
  // Ctrl-C or SIGTERM ended it: not a success, whatever arrived (130 / 143), as every long-running command
  ctx.signal.throwIfAborted();
  if (opts.expect !== undefined && tally.valid < opts.expect) {
    throw new CheckFailedError(`expected ${opts.expect} valid deliveries within ${Math.round((windowMs as number) / 1000)}s, ${tally.valid} arrived`, {
      hint: tally.rejected > 0 ? 'some deliveries were rejected: compare the credentials of `mailctl webhook set` with those given here' : 'check the webhook is enabled and points at this URL (`mailctl webhook list`)',
    });
  }
}

export default command({
  name: 'listen',
  summary: 'receive webhook deliveries on 127.0.0.1: print each event, check the credentials and signature, relay to your app',
  flags: {
    port: flag.integer('port on 127.0.0.1', [0, 65_535]).defaultShown('a free one, printed on stderr'),
    ...authFlags('expect'),
    respond: flag.integer('answer valid deliveries with this status to rehearse failures, e.g. 500 or 410', [200, 599], 'status'),
    forwardTo: flag.string('relay each valid delivery, body and headers unchanged, to your app; answer what it answers', {
      value: 'url',
      parse: receiverUrl('http://127.0.0.1:3000/hooks'),
    }),
    count: flag.integer('exit after N valid deliveries (rejected ones are reported, not counted)', [1, 1_000_000]),
    expect: flag.integer('exit 0 once N valid deliveries arrived, 8 if fewer arrive within --timeout (30s unless given)', [1, 1_000_000]),
  },
  secretFlags: RECEIVER_SECRET_FLAGS,
  examples: [
    'printf %s "$HOOK_PASSWORD" | mailctl webhook listen --port 8787 --auth-type basic --auth-username ops --auth-password-stdin',
    'mailctl webhook listen --forward-to http://127.0.0.1:3000/webhooks --ndjson',
    'mailctl webhook listen --port 8787 --expect 1 --timeout 2m   # in CI: exit 8 when nothing valid arrives',
  ],
  exitCodes: [ExitCode.CheckFailed],
  judges: (o) => o.expect !== undefined,
  check: (o): ListenOptions => ({ ...parseAuthFlags(o), port: o.port ?? 0, respond: o.respond, forwardTo: o.forwardTo, count: o.count, expect: o.expect }),
  run,
});
