import { open, unlink } from 'node:fs/promises';

// A file written beside stdout (`report --html FILE`, `campaign show --html-out FILE`). Node's
// writeFile loops on short writes, but a failure half-way (a full disk, `ulimit -f`) leaves a
// cut document behind, which a browser opens as if it were whole. Once mailctl has opened the
// file (and so truncated it), a failure removes it; a file it could not open is left alone.

/** A write of a whole file that failed; `removed`: the cut file was taken away. */
export type WholeFileError = NodeJS.ErrnoException & { removed?: boolean };

export async function writeWholeFile(path: string, text: string): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writeFile(text);
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => undefined);
    const failure = error as WholeFileError;
    failure.removed = await unlink(path).then(
      () => true,
      () => false,
    );
    throw failure;
  }
}
