import type { Command } from 'commander';
import type { ApiClient } from './api/client.js';
import { configPlaceWarnings, readConfigData, type ConfigData } from './config/data.js';
import { configFile } from './config/paths.js';
import { escapeControls } from './output/terminal-text.js';
import { resolveProfile, resolveSettings, requireApiKey, requireBaseUrl, requireNamedProfile, type Settings } from './config/resolve.js';
import { checkFields, parseFieldList } from './output/fields.js';
import { terminalSafe } from './output/terminal-safe.js';
import type { Column, OutputTarget } from './output/types.js';
import type { PagedOutput } from './output/pager.js';
import { CliError, PagerQuitError } from './errors.js';
import { readAll, type IO } from './io.js';
import { isExtraFormat, type ExtraFormat } from './format.js';

/** Global flags as commander parsed them (strings, not yet validated). */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  output?: string;
  json?: boolean;
  ndjson?: boolean;
  /** --csv: short for --output csv */
  csv?: boolean;
  fields?: string;
  timeout?: string;
  retries?: string;
  verbose?: boolean;
  quiet?: boolean;
  /** false with --no-color */
  color?: boolean;
  /** --utc: times in UTC on a terminal */
  utc?: boolean;
  /** false with --no-pager */
  pager?: boolean;
  /** --csv-raw: CSV cells as sent, formula-like text not neutralised */
  csvRaw?: boolean;
}

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

/** What a command can print, for checking --fields: a listing's columns and fields, or a record's keys. */
export interface Printable {
  columns?: Column<never>[];
  fields: readonly string[];
}

/** Everything one command run depends on. Built lazily: --help never loads what a request needs. */
export interface Context {
  io: IO;
  globals: GlobalOptions;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  now(): number;
  /** Waits on this run's clock (a test's fake one moves at once); Ctrl-C cuts it short. */
  sleep(ms: number): Promise<void>;
  /** The config file as read (no conf load), and the settings resolved from flags, env and profile. */
  configData(): ConfigData;
  settings(): Settings;
  /** The profile in use (flag > env > current profile > default), without judging its settings. */
  profileName(): string;
  /** profileName(), which must exist when --profile or MAILCTL_PROFILE names it (a usage error otherwise). */
  existingProfileName(): string;
  /**
   * For the commands that report or repair the settings, or must work whatever they hold (doctor,
   * config set|unset|list, profile list|use|remove, completion): a config file or setting mailctl
   * refuses no longer stops their output, printed as the flags ask. Every other command refuses
   * it, naming it, before it prints anything. Returns the context.
   */
  tolerateBadSettings(): Context;
  /** The settings of a profile that must exist when --profile or MAILCTL_PROFILE names it (a usage error otherwise). */
  namedProfileSettings(): Settings;
  /**
   * The transport, with key and base URL checked (exit 3 / exit 2 when missing).
   * With `key`: a client of its own for that key (auth login checks a key before saving it).
   * `tuning` (the first call's) overrides the timeout and retries: doctor's quick probes.
   */
  api(key?: string, tuning?: { timeoutMs?: number; retries?: number }): Promise<ApiClient>;
  /**
   * Where data goes: format, --fields, TTY, colour. Validates the global output flags, and with
   * `prints` (the columns and fields the command can print) that every --fields name is one of
   * them: a usage error before anything is sent.
   */
  output(prints?: Printable): OutputTarget;
  /**
   * Pages what this command writes from now on when it is longer than the
   * screen (a TTY, table or JSON, not --no-pager nor MAILCTL_PAGER=). Listings
   * ask for it; commands that never end (--follow, servers) do not.
   */
  pageOutput(): Promise<void>;
  /** Flushes held output and waits for the pager: called once when the verb ends, even on failure. */
  finish(): Promise<void>;
  /** A notice on stderr, unless --quiet. */
  notice(message: string): void;
  /** A warning on stderr, even with --quiet. */
  warn(message: string): void;
  /**
   * While true, no request spinner is drawn: another display (an export's live
   * count, a progress bar, a status line) owns stderr's last line.
   */
  holdSpinner(held: boolean): void;
  /** A spinner on stderr, only when stderr is a TTY and not --quiet; otherwise a no-op. */
  spinner(text: string): Promise<Spinner>;
  /**
   * stderr for lines redrawn in place (spinners, an export's live count): their writes are
   * dropped while a pager owns the screen, where they would overwrite its page and its prompt.
   */
  readonly liveStderr: NodeJS.WritableStream;
  /** All of stdin as text (for keys, secrets and id files given as "-"). */
  readStdin(): Promise<string>;
  /** A secret of this run (a password, a client secret): never printed on stderr, even when a server echoes it. */
  addSecret(secret: string | undefined): void;
  /** With --verbose, a live line on stderr (`> …`): what a connection is made to (archive commands). */
  trace(message: string): void;
  /** mailctl's version (package.json). */
  readonly version: string;
  /** The command tree this run was parsed with: for the commands that describe every command (completion, commands, mcp). */
  readonly program?: Command;
}

/** Back to the start of the line and erase it: how a line redrawn in place is removed. */
const CLEAR_LINE = '\r\u001b[2K';

/** How long a request may take before a spinner says the command is waiting for it. */
const SLOW_MS = 300;

/**
 * Colour only on a TTY, never with NO_COLOR or --no-color, nor on a terminal that says it has
 * none (TERM=dumb: Emacs shells, some CI log viewers), as git and ls do. Chalk is given a fixed
 * level, so its own checks of these never run.
 */
export function colourAllowed(isTTY: boolean, env: IO['env'], globals: GlobalOptions): boolean {
  return isTTY && globals.color !== false && !env.NO_COLOR && env.TERM !== 'dumb';
}

/** Time as a command sees it; tests pass a fake one so that retries and pacing need no real waits. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface ContextHooks {
  version: string;
  /** The real clock (Date.now, timers) when absent. */
  clock?: Clock;
  /** Resources to release when the command ends (the HTTP pool). */
  disposers: Array<() => Promise<void>>;
  /** The run's secrets (output/scrub.ts): commands add what they read; stdout and stderr are scrubbed of them. */
  secrets?: { add(secret: string | undefined): void; scrub(text: string): string };
  program?: Command;
  /** The extra output formats the running command prints (its spec's `formats`). */
  formats?: readonly ExtraFormat[];
  /** Work for the time the first request waits for its answer. */
  whileWaiting?: () => void;
  /**
   * Told when a pager starts and when it has exited: while it runs, Ctrl-C stops the command but
   * the process waits for the user to quit the pager (main.ts), which owns the terminal.
   */
  pagerOpen?: (open: boolean) => void;
  /** The command's exit code is a verdict (verb.ts RunState.judges): it runs on to it when its reader goes away. */
  judges?: boolean;
  /**
   * The process exits as the run ends (main.ts): its HTTP connections are not closed one by
   * one (over TLS, a close waits on the server), the exit ends them. A run that stays (the
   * tests, `mailctl mcp`'s tool calls) closes them.
   */
  endsWithProcess?: boolean;
  /** Each request's --verbose line, with or without --verbose: `mailctl mcp` makes them a call's progress notifications. */
  onRequestLine?: (line: string) => void;
  /**
   * Where the --verbose lines go instead of this run's stderr: a `mailctl mcp` call's stderr
   * is its result's notes, and the trace is for the operator (the server's stderr), not the agent.
   */
  trace?: (message: string) => void;
}

/** Builds the Context of one command run. Heavy modules load on first use only. */
export function createContext(io: IO, globals: GlobalOptions, signal: AbortSignal, hooks: ContextHooks): Context {
  let data: ConfigData | undefined;
  let settings: Settings | undefined;
  let client: Promise<ApiClient> | undefined;
  let target: OutputTarget | undefined;
  let paged: PagedOutput | undefined;
  let spinnerHeld = false;
  /** A pager is running on this terminal: nothing is redrawn in place on it meanwhile. */
  let pagerOwnsScreen = false;
  /** A live line is on the screen now: each draw starts with a clear line, each removal is one. */
  let liveShown = false;
  const liveStderr = {
    write: (text: string) => {
      if (pagerOwnsScreen) return true;
      liveShown = !text.endsWith(CLEAR_LINE);
      return io.stderr.write(text);
    },
  } as unknown as NodeJS.WritableStream;
  /** Spinners drawing now: a second one would fight the first for the same line. */
  let spinning = 0;
  // Notices and warnings often quote the API (its "message") or the user's input:
  // shown, never obeyed, by the terminal (line breaks of multi-line notices kept).
  // While a pager holds or shows the output, notices and warnings wait for it: they follow the
  // data they are about, as gh's do. The --verbose trace of requests is live and goes at once.
  // Ctrl-C on a terminal echoes "^C" where the cursor is: the first line after it (a summary:
  // "Received 3 deliveries …", "Forwarded 12 events.") starts on a cleared line, not after "^C".
  let afterCtrlC = false;
  if (io.stderrIsTTY) signal.addEventListener('abort', () => (afterCtrlC = true), { once: true });
  const stderrLine = (line: string, live = false) => {
    const text = `${escapeControls(line, true)}\n`;
    if (paged && !live) return paged.afterOutput(text);
    // A live line (a spinner, a progress count) is on stderr's last line: it goes first, or the
    // notice would be written after its text ("⠋ Syncing events…Continuing …") and stay there;
    // its next frame is drawn under the notice.
    if ((liveShown || afterCtrlC) && !pagerOwnsScreen) {
      io.stderr.write(CLEAR_LINE);
      liveShown = false;
      afterCtrlC = false;
    }
    io.stderr.write(text);
  };

  /** A --verbose line: live, on stderr unless the run's hooks take it. */
  const traceLine = (message: string) => (hooks.trace ? hooks.trace(message) : stderrLine(`> ${message}`, true));

  const direct = (text: string) =>
    new Promise<void>((resolve) => {
      const out = io.stdout as NodeJS.WritableStream & { destroyed?: boolean };
      // The reader went away during a command that judges (main.ts): it runs on to its verdict,
      // and what it prints has nowhere to go.
      if (out.destroyed) return resolve();
      if (out.write(text)) return resolve();
      // a pipe that breaks while this write waits closes without a 'drain'
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.once('drain', done);
      out.once('close', done);
    });

  let tolerant = false;
  const outputFormat = (): Settings['output']['value'] => {
    if (!tolerant) return ctx.settings().output.value;
    try {
      return ctx.settings().output.value;
    } catch (error) {
      // A bad value in the config file, the profile or the environment, which doctor reports and
      // `config set` repairs: printed as the flags ask (a bad flag is still refused here).
      if (!(error instanceof CliError)) throw error;
      return resolveSettings(globals, {}, { profiles: {} }).output.value;
    }
  };

  const buildClient = async (baseUrl: string, apiKey: string, tuning?: { timeoutMs?: number; retries?: number }): Promise<ApiClient> => {
    const s = ctx.settings();
    hooks.secrets?.add(apiKey);
    const { ApiClient } = await import('./api/client.js');
    const api = new ApiClient({
      baseUrl,
      apiKey,
      timeoutMs: tuning?.timeoutMs ?? s.timeoutMs.value,
      retries: tuning?.retries ?? s.retries.value,
      userAgent: `mailctl/${hooks.version} node/${process.versions.node}`,
      env: io.env,
      signal,
      now: hooks.clock && (() => hooks.clock!.now()),
      sleep: hooks.clock && ((ms, sig) => hooks.clock!.sleep(ms, sig)),
      onRequestLine:
        globals.verbose || hooks.onRequestLine
          ? (line) => {
              if (globals.verbose) traceLine(line);
              hooks.onRequestLine?.(line);
            }
          : undefined,
      // stdout is made on first use (main.ts): while the first answer is on its way
      whileWaiting: () => {
        void io.stdout;
        hooks.whileWaiting?.();
      },
    });
    if (!hooks.endsWithProcess) hooks.disposers.push(() => api.close());
    return withSlowRequestSpinner(api);
  };

  /**
   * A request slower than SLOW_MS shows a spinner on stderr (TTY only, not
   * --quiet or --verbose) until its answer arrives, on every command; nothing
   * for the quick ones, so a fast command never flickers.
   */
  const withSlowRequestSpinner = (api: ApiClient): ApiClient => {
    if (!io.stderrIsTTY || globals.quiet || globals.verbose) return api;
    const send = api.request.bind(api);
    api.request = (async (spec: Parameters<ApiClient['request']>[0]) => {
      let spin: Spinner | undefined;
      let done = false;
      const timer = setTimeout(() => {
        if (spinnerHeld || spinning > 0) return;
        void ctx.spinner(`waiting for ${spec.method} ${spec.path}`).then((s) => (done ? s.stop() : (spin = s)));
      }, SLOW_MS);
      try {
        return await send(spec);
      } finally {
        done = true;
        clearTimeout(timer);
        spin?.stop();
      }
    }) as ApiClient['request'];
    return api;
  };

  const ctx: Context = {
    liveStderr,
    program: hooks.program,
    version: hooks.version,
    io,
    globals,
    signal,
    now: hooks.clock ? () => hooks.clock!.now() : () => Date.now(),
    sleep: hooks.clock ? (ms) => hooks.clock!.sleep(ms, signal) : async (ms) => (await import('./api/sleep.js')).defaultSleep(ms, signal),
    configData() {
      if (!data) {
        const file = configFile(io.env);
        data = readConfigData(file);
        // Every stored key is a secret of the run from here on: a setting's error quotes the
        // value it refuses, and a key saved by mistake as a profile's output or timeout is one.
        for (const profile of Object.values(data.profiles)) hooks.secrets?.add(profile?.api_key);
        for (const warning of configPlaceWarnings(file)) ctx.warn(warning);
      }
      return data;
    },
    profileName() {
      return resolveProfile(globals, io.env, ctx.configData()).value;
    },
    tolerateBadSettings() {
      tolerant = true;
      return ctx;
    },
    existingProfileName() {
      const profile = resolveProfile(globals, io.env, ctx.configData());
      requireNamedProfile({ profile }, ctx.configData());
      return profile.value;
    },
    settings() {
      if (!settings) {
        const s = resolveSettings(globals, io.env, ctx.configData());
        // A profile's `output markdown` applies to the commands that print markdown; the others
        // print their default. (A flag asking for it was refused before the run: verb.ts.)
        const refused = isExtraFormat(s.output.value) && !(hooks.formats ?? []).includes(s.output.value);
        settings = refused ? { ...s, output: { value: 'table', source: 'default' } } : s;
      }
      return settings;
    },
    namedProfileSettings() {
      requireNamedProfile(ctx.settings(), ctx.configData());
      return ctx.settings();
    },
    api(key, tuning) {
      if (key !== undefined) return buildClient(requireBaseUrl(ctx.settings()), key, tuning);
      client ??= (async () => {
        let s = ctx.namedProfileSettings();
        if (s.apiKey.value === undefined && ctx.configData().profiles[s.profile.value]?.key_storage === 'keychain') {
          s = await (await import('./config/keychain.js')).withStoredKey(s, ctx.configData(), ctx.io.env, ctx.signal);
        }
        return buildClient(requireBaseUrl(s), requireApiKey(s), tuning);
      })();
      return client;
    },
    output(prints) {
      if (prints) checkFields(ctx.output().fields, prints.columns ?? [], prints.fields);
      if (target) return target;
      const format = outputFormat();
      io.stdoutFormat?.(format);
      const fields = parseFieldList(globals.fields);
      target = {
        format,
        fields,
        isTTY: io.stdoutIsTTY,
        columns: io.columns,
        color: colourAllowed(io.stdoutIsTTY, io.env, globals),
        utc: Boolean(globals.utc),
        csvRaw: Boolean(globals.csvRaw),
        now: ctx.now,
        scrub: hooks.secrets && ((text) => hooks.secrets!.scrub(text)),
        write: (text) => {
          // A secret of the run that the server echoed in its answer is masked here as on stderr
          // (output/scrub.ts); on a terminal, server strings in csv/json are shown, never obeyed
          // (tables escape per cell).
          const scrubbed = hooks.secrets ? hooks.secrets.scrub(text) : text;
          const safe = io.stdoutIsTTY ? terminalSafe(scrubbed, format) : scrubbed;
          // The user quit the pager half-way: stop here, as `| head` stops a pipe (main.ts), rather
          // than fetch every further page for nobody and keep the shell waiting; a command that
          // judges runs on to its verdict, writing nowhere.
          if (paged?.quit && !hooks.judges) return Promise.reject(new PagerQuitError());
          return paged ? paged.write(safe) : direct(safe);
        },
      };
      return target;
    },
    async pageOutput() {
      if (paged || !io.stdoutIsTTY || globals.pager === false || !io.rows) return;
      if (!['table', 'json'].includes(ctx.output().format)) return;
      const { pagedOutput, pagerCommand, pagerFound } = await import('./output/pager.js');
      const command = pagerCommand(io.env);
      if (!command) return;
      if (!pagerFound(command, io.env)) {
        // the output goes to the terminal unpaged rather than into a shell's "not found"
        ctx.warn(`pager "${command}" not found (MAILCTL_PAGER, else PAGER): output not paged`);
        return;
      }
      // As the pager starts, a live line already drawn (a count, a spinner) is cleared, not left under its page.
      const onStart = () => {
        if (liveShown) io.stderr.write(CLEAR_LINE);
        liveShown = false;
        pagerOwnsScreen = true;
        hooks.pagerOpen?.(true);
      };
      const onClose = () => hooks.pagerOpen?.(false);
      paged = pagedOutput({ command, rows: io.rows, columns: io.columns, stdout: io.stdout, stderr: io.stderr, env: io.env, direct, onStart, onClose });
    },
    async finish() {
      const p = paged;
      paged = undefined;
      await p?.end();
      pagerOwnsScreen = false;
    },
    holdSpinner(held) {
      spinnerHeld = held;
    },
    notice(message) {
      if (!globals.quiet) stderrLine(message);
    },
    warn(message) {
      stderrLine(`warning: ${message}`);
    },
    async spinner(text): Promise<Spinner> {
      // Asked of a terminal only: asking makes process.stderr, which a run that prints nothing
      // there never needs. A terminal that reports no width (script(1), some CI pseudo-terminals)
      // is taken as 80 columns, as tables take it: the line is cut short of that, and events
      // sync's progress still shows (ora, once used here, looped for ever on such terminals).
      if (!io.stderrIsTTY || globals.quiet) return { update() {}, stop() {} };
      const stream = io.stderr as NodeJS.WriteStream;
      const width = stream.columns || (stream.isTTY ? 80 : 0);
      if (!width) return { update() {}, stop() {} };
      const { drawSpinner } = await import('./output/spinner.js');
      const spin = drawSpinner(liveStderr, text, width, colourAllowed(io.stderrIsTTY, io.env, globals));
      spinning++;
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        spinning--;
        spin.stop();
      };
      hooks.disposers.push(async () => stop());
      return { update: (t) => spin.update(t), stop };
    },
    addSecret(secret) {
      hooks.secrets?.add(secret);
    },
    trace(message) {
      if (globals.verbose) traceLine(message);
    },
    async readStdin() {
      // A signal must stop the read at once, even while stdin sends nothing.
      const stopped = new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      stopped.catch(() => undefined);
      const read = readAll(io.stdin);
      read.catch(() => undefined);
      return (await Promise.race([read, stopped])).toString('utf8');
    },
  };
  return ctx;
}
