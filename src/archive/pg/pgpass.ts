import { readFileSync, statSync } from 'node:fs';
import { pgpassFile } from '../../config/paths.js';

// ~/.pgpass as libpq reads it: the file named by PGPASSFILE, else ~/.pgpass;
// ignored (with a warning) when others may read it; lines of
// host:port:database:user:password, `*` matching any value in the first four
// fields, `\` escaping `:` and `\`; the first matching line wins. Read here,
// from the run's own environment, rather than by the pg package (which reads
// process.env and prints a deprecation notice on stdout).

type Env = Record<string, string | undefined>;

/** The fields of one line, unescaped; null for a comment or a malformed line. */
function fields(line: string): string[] | null {
  if (line.trim() === '' || line.startsWith('#')) return null;
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) cur += line[++i];
    else if (c === ':' && out.length < 4) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.length === 5 ? out : null;
}

export interface PgpassQuery {
  host: string;
  port: number;
  database: string;
  user: string;
}

/**
 * The password ~/.pgpass holds for a connection, or undefined. `warn` hears
 * why a file was skipped (its mode), never a password.
 */
export function pgpassPassword(q: PgpassQuery, env: Env, warn: (message: string) => void, platform = process.platform): string | undefined {
  const file = pgpassFile(env);
  let text: string;
  try {
    const st = statSync(file);
    if (!st.isFile()) return undefined;
    if (platform !== 'win32' && st.mode & 0o077) {
      warn(`password file ${file} has group or world access and is ignored; permissions should be u=rw (0600) or less`);
      return undefined;
    }
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const wanted = [q.host, String(q.port), q.database, q.user];
  for (const line of text.split(/\r?\n/)) {
    const f = fields(line);
    if (f && wanted.every((w, i) => f[i] === '*' || f[i] === w)) return f[4];
  }
  return undefined;
}
