import { Readable } from 'node:stream';
import type { Command } from 'commander';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createContext, type Context, type GlobalOptions } from '../context.js';
import { CliError, systemFailure, UsageError } from '../errors.js';
import type { IO } from '../io.js';
import { MemoryOutput } from '../output/memory.js';
import { SECRET_ENV_VARS, SecretSet, scrubbingStream } from '../output/scrub.js';
import { proxyPasswords } from '../api/proxy.js';
import { commandInput, inInputNames, type CommandInput } from './input.js';
import { errorResult, isGate, outputResult, scrubResult, unexpectedError, withNotes } from './result.js';
import { toolServer } from './server.js';
import { CallTextFiles } from './text-files.js';
import { LIST_CAP, planTools, type SourceCommand, type ToolPlan } from './tools.js';

// The bridge between the command tree and the MCP engine: the tools come from
// the same models as `mailctl commands --json` (commands/mcp/tool-server.ts
// reads them from the declarations), and a call runs its command in this
// process through the command's own parse and run, with a Context of its own
// whose stdout and stderr are kept in memory (the process's stdout is the
// transport) and whose output is JSON.

/** A command as a tool source: the planner's view, and how to run it from an agent's input. */
export interface ToolSource extends SourceCommand {
  run(input: CommandInput['input'], ctx: Context): Promise<void>;
}

/** What a listing's result adds: the cap the call ran into. */
function capNotes(ci: CommandInput, stdout: string, notices: string): string[] {
  const notes: string[] = [];
  if (ci.asked !== undefined) notes.push(`limit ${ci.asked} was capped at ${LIST_CAP}, the most one tool call lists`);
  let rows = -1;
  try {
    const value = JSON.parse(stdout) as unknown;
    if (Array.isArray(value)) rows = value.length;
  } catch {
    // not a JSON list: nothing to count
  }
  // only a listing whose notice names a position can go on from it (the archive, and one answer holding every row, have none)
  const goOn = /--(cursor|page) /.test(notices) ? ', or go on from the cursor or page the notice above names' : '';
  if (ci.limit === LIST_CAP && rows === LIST_CAP) notes.push(`stopped at ${LIST_CAP} rows, the most one tool call lists: there may be more; narrow the listing${goOn}`);
  return notes;
}

/**
 * The secrets the CLI scrubs from the start of every run (commands/root.ts: the secret
 * variables, proxy passwords) and the server's key, scrubbed from every result even before a
 * client is built.
 */
function serverSecrets(ctx: Context): SecretSet {
  const secrets = new SecretSet();
  for (const name of SECRET_ENV_VARS) secrets.add(ctx.io.env[name]);
  for (const password of proxyPasswords(ctx.io.env)) secrets.add(password);
  try {
    secrets.add(ctx.settings().apiKey.value);
  } catch {
    // a broken setting is each call's own error
  }
  return secrets;
}

/** A wait on the server's clock that `signal` (the call's) cuts short. */
function sleepUntil(ctx: Context, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return ctx.sleep(ms);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    ctx.sleep(ms).then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The signal of one call's run: aborted when the client cancels the call or the server stops
 * (Ctrl-C, SIGTERM), as a terminal's Ctrl-C stops the command. `unlink` once the call is over.
 */
function callSignal(server: AbortSignal, call: AbortSignal): { signal: AbortSignal; unlink: () => void } {
  const controller = new AbortController();
  const links = [server, call].map((outer) => {
    const onAbort = () => controller.abort(outer.reason);
    if (outer.aborted) onAbort();
    else outer.addEventListener('abort', onAbort, { once: true });
    return () => outer.removeEventListener('abort', onAbort);
  });
  return { signal: controller.signal, unlink: () => links.forEach((unlink) => unlink()) };
}

/** Runs one tool call: the command, in this process, as `mailctl <command> --json` would. */
async function callTool(ctx: Context, program: Command, source: ToolSource, plan: ToolPlan, given: Record<string, unknown>, cancel: AbortSignal, progress?: (message: string) => void): Promise<CallToolResult> {
  const files = new CallTextFiles();
  try {
    return await runCall(ctx, program, source, plan, given, cancel, files, progress);
  } finally {
    files.remove();
  }
}

async function runCall(
  ctx: Context,
  program: Command,
  source: ToolSource,
  plan: ToolPlan,
  given: Record<string, unknown>,
  cancel: AbortSignal,
  files: CallTextFiles,
  progress: ((message: string) => void) | undefined,
): Promise<CallToolResult> {
  const secrets = serverSecrets(ctx);
  const clean = (text: string) => secrets.scrub(files.unpath(text));
  let ci: CommandInput;
  try {
    ci = commandInput(plan, given, files.place);
  } catch (error) {
    if (error instanceof UsageError) return scrubResult(errorResult(inInputNames(plan, error)), clean);
    throw error;
  }
  if (plan.kind === 'write' && !plan.dryRun && !ci.confirmed) {
    const would = { dry_run: true, command: `mailctl ${plan.path}`, request: plan.request };
    return outputResult(`${JSON.stringify(would)}\n`, [`nothing was sent: call ${plan.name} again with confirm: true to do it`]);
  }
  const stdout = new MemoryOutput();
  const stderr = new MemoryOutput();
  const io: IO = {
    stdout,
    stderr: scrubbingStream(stderr, secrets),
    // stdin is the transport: a command that reads it (`-` for a file) reads nothing
    stdin: Readable.from([]),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    columns: 80,
    rows: 0,
    env: ctx.io.env,
  };
  // -q quiets the server's own stderr; a call's notices are its result's notes, for the agent
  // (where a listing stopped, that a write was a dry run), so a call never runs quiet
  const globals: GlobalOptions = { ...ctx.globals, output: 'json', json: true, ndjson: undefined, csv: undefined, fields: undefined, pager: false, color: false, quiet: false };
  const disposers: Array<() => Promise<void>> = [];
  const clock = { now: () => ctx.now(), sleep: (ms: number, signal?: AbortSignal) => sleepUntil(ctx, ms, signal) };
  const { signal, unlink } = callSignal(ctx.signal, cancel);
  // each request's line (as --verbose prints it, the key scrubbed) is a progress step of the call
  const onRequestLine = progress && ((line: string) => progress(clean(line)));
  // with `mailctl -v mcp`, the trace of the call's requests is the operator's, on the server's stderr
  const trace = (message: string) => ctx.trace(secrets.scrub(message));
  const run = createContext(io, globals, signal, { version: ctx.version, clock, disposers, secrets, program, onRequestLine, trace });
  const notes = (): string[] => [stderr.text()];
  let result: CallToolResult;
  let gated = false;
  try {
    await source.run(ci.input, run);
    result = outputResult(stdout.text(), [...notes(), ...capNotes(ci, stdout.text(), stderr.text())]);
  } catch (error) {
    if (isGate(error, stdout.text())) {
      gated = true;
      result = outputResult(stdout.text(), notes(), error);
    } else result = errorResult(inInputNames(plan, error instanceof CliError ? error : (systemFailure(error) ?? unexpectedError(error))), notes());
  } finally {
    await run.finish().catch(() => undefined);
    for (const dispose of disposers.splice(0)) await dispose().catch(() => undefined);
    unlink();
  }
  // a dry run whose checks failed (exit 8) would be refused as it stands: no invitation to confirm it
  if (plan.kind === 'write' && plan.dryRun && !ci.confirmed && !result.isError && !gated) {
    withNotes(result, [`this was a dry run, nothing was sent: call ${plan.name} again with confirm: true to do it`]);
  }
  return scrubResult(result, clean);
}

/** The tool server of `mailctl mcp` for this context's account (its --profile, env and config). */
export function serveTools(ctx: Context, program: Command, sources: ToolSource[], options: { readOnly: boolean; progressHoldMs?: number }) {
  const { tools, excluded } = planTools(sources, options);
  const byPath = new Map(sources.map((s) => [s.path, s]));
  const served = toolServer(ctx.version, tools, (plan, given, signal, progress) => callTool(ctx, program, byPath.get(plan.path)!, plan, given, signal, progress), excluded, options.progressHoldMs);
  return { served, tools, excluded };
}
