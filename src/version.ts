import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The package version, read from package.json beside dist/ (cheap: no JSON import machinery). */
export function version(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cached;
}
