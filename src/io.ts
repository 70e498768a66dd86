// The process as a command sees it. A leaf: every layer may import it, it imports nothing.

/** Environment variables, as process.env holds them. */
export type Env = Record<string, string | undefined>;

/** The process's streams and environment, captured once in main.ts so that nothing else reads process.*. */
export interface IO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  stdoutIsTTY: boolean;
  /** Told the output format once it is known: stdout on a regular file then knows what a whole record is (main.ts). */
  stdoutFormat?: (format: string) => void;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width of stdout (80 when unknown). */
  columns: number;
  /** Terminal height of stdout; 0 or absent when unknown (then nothing is paged). */
  rows?: number;
  env: Env;
}

/** All of a stream (stdin) as bytes: for text (ctx.readStdin) and for id files, whose encoding is checked on the bytes. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
