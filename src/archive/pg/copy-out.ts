import type { Client } from 'pg';

// A query's one text column streamed with COPY … TO STDOUT, line by line. A
// listing of every event reads this way rather than through a cursor: the
// server runs the query at once, as psql would (a cursor's plan may use no
// parallel workers, and each FETCH leaves the server idle while the batch before
// it is written), the rows come as one stream that this process reads only as
// fast as it writes (the stream pauses the socket), and each row arrives as
// text, with nothing parsed on the way.
//
// COPY takes no bind parameters, so the query's values are written into it as
// literals (inlineParams), quoted by pg's own escapeLiteral.

/** `sql` with each `$n` replaced by the literal of params[n - 1]: strings, integers, or arrays of them. */
export function inlineParams(client: Client, sql: string, params: unknown[]): string {
  const literal = (value: unknown): string => {
    if (typeof value === 'number' && Number.isInteger(value)) return String(value);
    if (typeof value === 'string') return client.escapeLiteral(value);
    if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(',')}]`;
    throw new TypeError(`no SQL literal for a ${typeof value}`);
  };
  return sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

/**
 * The rows of `COPY (sql) TO STDOUT` for a query of one text column, as the
 * column's text, a chunk's worth at a time. COPY's text format writes a
 * backslash as two and a control character as an escape; the texts read here
 * (jsonb's) hold no control character, so halving the backslashes restores them.
 */
export async function* copyLines(client: Client, sql: string): AsyncGenerator<string[]> {
  const { to: copyTo } = (await import('pg-copy-streams')).default;
  const stream = client.query(copyTo(`COPY (${sql}) TO STDOUT`));
  // A chunk can end inside a row: what follows its last newline waits for the next chunk.
  let rest: Buffer | undefined;
  // Leaving the loop early (the reader stopped) destroys the stream; the connection is closed after it.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const data = rest ? Buffer.concat([rest, chunk]) : chunk;
    const end = data.lastIndexOf(0x0a);
    if (end < 0) {
      rest = data;
      continue;
    }
    rest = end + 1 < data.length ? data.subarray(end + 1) : undefined;
    const lines = data.toString('utf8', 0, end).split('\n');
    for (let i = 0; i < lines.length; i++) if (lines[i]!.includes('\\')) lines[i] = lines[i]!.replaceAll('\\\\', '\\');
    yield lines;
  }
  if (rest) throw new Error('the COPY stream ended inside a row');
}
