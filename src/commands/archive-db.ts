import { archiveLocation } from '../archive/location.js';
import { ValueError } from '../errors.js';
import { flag } from './define.js';

// The --db [PATH|URL] flag of archive commands. Where it points, and opening
// what it points at, is the archive's own (archive/db-flag.ts).


function dbValue(raw: string): string {
  const value = raw.trim();
  if (value === '') throw new ValueError('must be a file path or a postgres:// URL (or leave the value out for the default archive)');
  // A URL is checked here, before anything runs; its refusal never quotes the URL (it may hold a password).
  archiveLocation(value, '--db');
  return value;
}

/** The --db flag of an archive command; `description` says what it does there. */
export function dbFlag(description: string) {
  return flag.optionalValue(description, { value: 'path-or-url', parse: dbValue });
}
