import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CliError, ExitCode } from '../errors.js';
import { errorJson } from '../output/error.js';

// A command's run as a tool result: what it printed on stdout (JSON) as the
// result, its notices as a second block, and a failure as the `{"error": …}`
// object the CLI prints with --json, flagged isError.

/** The parsed JSON when it is an object (structuredContent must be one); a list or text stays text only. */
function structured(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Adds notes to the result's second block (docs/agents.md: one block holds them all), made if need be. */
export function withNotes(result: CallToolResult, notes: readonly string[]): CallToolResult {
  const text = notes.filter((n) => n.trim() !== '').map((n) => n.replace(/\n+$/, '')).join('\n');
  if (!text) return result;
  const block = result.content[1];
  if (block?.type === 'text') block.text = `${block.text}\n${text}`;
  else result.content.push({ type: 'text', text });
  return result;
}

/** A failure as the CLI's JSON error object, isError. */
export function errorResult(error: CliError, notes: readonly string[] = []): CallToolResult {
  const text = errorJson(error);
  const result: CallToolResult = { content: [{ type: 'text', text }], isError: true };
  const data = structured(text);
  if (data) result.structuredContent = data;
  return withNotes(result, notes);
}

/** A failure that is not a CliError (a bug): still one error object, never a stack on the transport. */
export function unexpectedError(error: unknown): CliError {
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`unexpected failure: ${message}`, ExitCode.Failure);
}

/**
 * What the command printed. A gate's failure (exit 8: `report --fail-on`,
 * `doctor`, `campaign check`) is its answer, not a crash: the output is the
 * result, with the gate's verdict as a note, and isError stays false.
 */
export function outputResult(stdout: string, notes: readonly string[], gate?: CliError): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: stdout }] };
  const data = structured(stdout);
  if (data) result.structuredContent = data;
  const verdict = gate ? [`exit code ${gate.exitCode}: ${gate.message}`] : [];
  return withNotes(result, [...verdict, ...notes]);
}

export function isGate(error: unknown, stdout: string): error is CliError {
  return error instanceof CliError && error.exitCode === ExitCode.CheckFailed && stdout.trim() !== '';
}

/** The result with every text passed through `scrub` (the server may echo a secret back). */
export function scrubResult(result: CallToolResult, scrub: (text: string) => string): CallToolResult {
  const content = result.content.map((c) => (c.type === 'text' ? { ...c, text: scrub(c.text) } : c));
  const out: CallToolResult = { ...result, content };
  if (result.structuredContent) out.structuredContent = JSON.parse(scrub(JSON.stringify(result.structuredContent))) as Record<string, unknown>;
  return out;
}
