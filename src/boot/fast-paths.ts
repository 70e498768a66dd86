import { fstatSync, readFileSync, writeSync } from 'node:fs';

// What scripts probe first (`--version`, a plain `--help`), answered before
// commander or any bundle loads. Bundled into dist/main.js with main.ts.

/**
 * The root help as the build wrote it (dist/help.txt, see scripts/build.mjs),
 * for `mailctl`, `mailctl --help` and `-h` where commander would print the same
 * text: in a pipe, or on an 80-column terminal. Elsewhere (or when the file is
 * missing) commander renders it for the terminal's width.
 */
export function cachedRootHelp(argv: string[], helpFile: URL): string | undefined {
  const plain = argv.length === 2 || (argv.length === 3 && (argv[2] === '--help' || argv[2] === '-h'));
  if (!plain || (stdoutMayBeTerminal() && process.stdout.isTTY && process.stdout.columns !== 80)) return undefined;
  try {
    return readFileSync(helpFile, 'utf8');
  } catch {
    return undefined;
  }
}

/** Only a character device can be a terminal: asked without making process.stdout (see writeOut). */
function stdoutMayBeTerminal(): boolean {
  try {
    return fstatSync(1).isCharacterDevice();
  } catch {
    return false;
  }
}

/**
 * What the fast paths print, written to fd 1 itself: process.stdout is a
 * stream Node makes on first use (for a pipe a net.Socket), which costs more
 * than the rest of `--version`. A full non-blocking pipe (EAGAIN) gets the
 * rest through process.stdout; a reader that went away (EPIPE, `| head`) ends
 * it quietly, as Unix tools do; any other failure goes to `failed`.
 * Bench rows: "startup: mailctl --version", "startup: mailctl --help".
 */
export async function writeOut(text: string, failed: (error: NodeJS.ErrnoException) => Promise<void>): Promise<void> {
  let rest = Buffer.from(text);
  try {
    while (rest.length > 0) rest = rest.subarray(writeSync(1, rest));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') process.stdout.write(rest);
    else if (code !== 'EPIPE') await failed(error as NodeJS.ErrnoException);
  }
}
