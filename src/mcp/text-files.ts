import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A tool call gives the text of an HTML body, a template document or a list of
// addresses itself, where the command reads it from a file (`--html FILE`,
// `contact import FILE`). The command's own reading (its size bounds, its
// checks, its error lines) stays the same for both: the text is written to a
// file of the call's, in a folder only this user can open (mkdtemp makes it
// 0700), given to the command as that path, and removed when the call is over.
// Messages that name the path name the input instead.

export class CallTextFiles {
  private dir: string | undefined;
  private readonly paths = new Map<string, string>();

  /** Writes one input's text; the path to give the command. */
  readonly place = (property: string, text: string): string => {
    this.dir ??= mkdtempSync(join(tmpdir(), 'mailctl-mcp-'));
    const path = join(this.dir, property);
    writeFileSync(path, text, { mode: 0o600 });
    this.paths.set(path, property);
    return path;
  };

  /** `…/mailctl-mcp-x1/html` → `the html input`, in a result's text. */
  readonly unpath = (text: string): string => {
    let out = text;
    for (const [path, property] of this.paths) out = out.replaceAll(path, `the ${property} input`);
    return out;
  };

  remove(): void {
    if (this.dir !== undefined) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}
