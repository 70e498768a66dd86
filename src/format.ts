import { UsageError } from './errors.js';

// The output formats (cli.md --output): a leaf, so that output/ and config/
// share them without importing each other. Every command takes the first four;
// an extra format (markdown) only the commands that declare it (`formats` in
// command({...})): any other refuses it as a usage error.

const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
const EXTRA_FORMATS = ['markdown'] as const;
export type ExtraFormat = (typeof EXTRA_FORMATS)[number];
export type Format = (typeof FORMATS)[number] | ExtraFormat;

/** What --output and the profile's `output` accept; whether this command takes it is checked per command. */
export const ALL_FORMATS: readonly Format[] = [...FORMATS, ...EXTRA_FORMATS];

export function isExtraFormat(format: string | undefined): format is ExtraFormat {
  return (EXTRA_FORMATS as readonly string[]).includes(format ?? '');
}

export function parseFormat(text: string, where: string): Format {
  if ((ALL_FORMATS as readonly string[]).includes(text)) return text as Format;
  throw new UsageError(`${where} must be one of ${ALL_FORMATS.join(', ')} (got "${text}")`);
}
