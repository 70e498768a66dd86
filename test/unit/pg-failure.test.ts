// How a PostgreSQL failure reads: the server as a URL would name it (an IPv6 host in brackets,
// so that its port is not taken for part of the address), and the exit code of its kind.
import { describe, expect, it } from 'vitest';
import { archiveLocation } from '../../src/archive/location.js';
import { pgFailure } from '../../src/archive/pg/connect.js';
import { CliError } from '../../src/errors.js';

const targetOf = (url: string) => {
  const loc = archiveLocation(url, '--db');
  if (loc.kind !== 'postgres') throw new Error(`not a PostgreSQL location: ${url}`);
  return loc.target;
};

describe('pgFailure', () => {
  it.each([
    ['postgres://ops@127.0.0.1:5433/events', { code: 'ECONNREFUSED' }, 'cannot reach the PostgreSQL server 127.0.0.1:5433 (ECONNREFUSED)', 7],
    ['postgres://ops@[::1]:5433/events', { code: 'ECONNREFUSED' }, 'cannot reach the PostgreSQL server [::1]:5433 (ECONNREFUSED)', 7],
    ['postgres://ops@[::1]/events', { code: '3D000', message: 'database "events" does not exist' }, 'the PostgreSQL server [::1]:5432 has no database "events": database "events" does not exist', 2],
  ])('%s, %j', (url, error, message, exitCode) => {
    const failure = pgFailure(error, targetOf(url));
    expect(failure).toBeInstanceOf(CliError);
    expect([(failure as CliError).message, (failure as CliError).exitCode]).toEqual([message, exitCode]);
  });
});
