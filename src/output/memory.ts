import { Writable } from 'node:stream';

/**
 * A stream that keeps what is written to it, as text: the stdout and stderr of
 * a command run inside another process's work (a `mailctl mcp` tool call, whose
 * process stdout is the protocol), and of the in-process tests.
 */
export class MemoryOutput extends Writable {
  private chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    done();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
