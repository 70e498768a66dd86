import type { Context } from '../../context.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { confirm } from '../../input/prompt.js';
import { escapeControls } from '../../output/terminal-text.js';

// The one confirmation of destructive commands (deletes, sends, detaches):
// a question on a terminal, `--yes` anywhere else.

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

export interface Confirmation {
  /** "delete list 3f2b… (1,204 contacts)": what will happen, as a question and in the refusal. */
  what: string;
  /** The verb of the refusal and the cancel notice: "deleted", "detached", "sent". */
  done: string;
  /** --yes was given. */
  yes: boolean;
  /** stdin carries input (ids, a file): it cannot also answer a question. */
  stdinBusy?: boolean;
  /** The command's name in the refusal ("lists detach"). */
  command: string;
}

/** The usage error when no one can be asked and --yes is missing: a command that reads before it asks calls it first. */
export function refuseUnasked(ctx: Context, c: Confirmation): void {
  if (!c.yes && !(ctx.io.stdinIsTTY && ctx.io.stderrIsTTY && !c.stdinBusy)) throw new UsageError(`${c.command} would ${c.what}: pass --yes to confirm when not at a terminal`);
}

/** Returns when the user agreed (or gave --yes); throws a usage error without a terminal, and a failure when declined. */
export async function confirmOrRefuse(ctx: Context, c: Confirmation): Promise<void> {
  if (c.yes) return;
  refuseUnasked(ctx, c);
  // `what` quotes the server (a list's name, a template's): shown, never obeyed, by the terminal
  const question = escapeControls(`${c.what.charAt(0).toUpperCase()}${c.what.slice(1)}?`);
  const yes = await Promise.race([confirm(ctx.io, question), aborted(ctx.signal)]).catch((error: unknown) => {
    // Ctrl-C at the question: the shell's prompt then starts on a line of its own, as after the hidden prompt
    ctx.io.stderr.write('\n');
    throw error;
  });
  if (!yes) throw new CliError(`cancelled: nothing was ${c.done}`, ExitCode.Failure);
}
