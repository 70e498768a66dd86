import { UsageError } from './errors.js';

// The output formats (cli.md --output): a leaf, so that output/ and config/
// share them without importing each other.

const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

export function parseFormat(text: string, where: string): Format {
  if ((FORMATS as readonly string[]).includes(text)) return text as Format;
  throw new UsageError(`${where} must be one of ${FORMATS.join(', ')} (got "${text}")`);
}
