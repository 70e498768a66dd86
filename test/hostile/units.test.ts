// Unit tests of the defects the hostile suite found, at the level where each was fixed.
// The CLI-level proof is in the other test/hostile files; these pin the mechanism.
import { describe, expect, it } from 'vitest';
import emailShow from '../../src/commands/email/show.js';
import { validateBaseUrl } from '../../src/config/resolve.js';
import { ApiError } from '../../src/errors.js';
import { escapeControls, shorten, tidy } from '../../src/output/terminal-text.js';
import { ttyCell, tsvCell } from '../../src/output/cells.js';

describe('error text (errors.ts): what an error echoes of hostile input', () => {
  it('cuts a quoted 100 KB value to its start and its length', () => {
    const line = tidy(`--from must be a date YYYY-MM-DD (got "${'x'.repeat(100_000)}")`);
    expect(line).toBe(`--from must be a date YYYY-MM-DD (got "${'x'.repeat(60)}…" (100000 characters))`);
  });

  it('keeps quoted values of ordinary length whole', () => {
    const text = '--per-page: must be from 1 to 100 (got "1000")';
    expect(tidy(text)).toBe(text);
    expect(shorten(text)).toBe(text);
  });

  it('pairs quotes in order: a long unquoted stretch between two short quoted values is kept whole', () => {
    const operators = Array.from({ length: 20 }, (_, i) => `operator_${i}`).join(', ');
    const text = `--where: operator "eq" must be one of ${operators} (in "bogus eq 1")`;
    expect(shorten(text)).toBe(text);
    expect(shorten(`got "${'x'.repeat(100)}" and "short"`)).toBe(`got "${'x'.repeat(60)}…" (100 characters) and "short"`);
  });

  it('cuts any line still longer than 1000 characters', () => {
    const line = tidy(`PATH: must not contain spaces (got /${'x x'.repeat(10_000)})`);
    expect(line.length).toBeLessThan(1100);
    expect(line).toMatch(/… \(\d+ more characters\)$/);
  });

  it('shows control characters, line breaks and bidi overrides as escapes instead of sending them to the terminal', () => {
    expect(tidy('got "a\u001b[2Jb"')).toBe('got "a\\e[2Jb"');
    expect(tidy('not valid JSON: "\u0089PNG\r\n\u001a\n"')).toBe('not valid JSON: "\\x89PNG\\r\\n\\x1a\\n"');
    expect(tidy('id "abc\u202efdp.exe"')).toBe('id "abc\\u202efdp.exe"');
    expect(tidy('tab\tand ünïcødé 🚀 stay')).toBe('tab\tand ünïcødé 🚀 stay');
  });
});

describe('base URL (config/resolve.ts): what `config set base_url` may save', () => {
  it('refuses line breaks, tabs and escape sequences, which the URL parser would silently drop or encode', () => {
    expect(() => validateBaseUrl('http://a\nb.example.com', 'base_url')).toThrow(/base_url must be a URL without spaces or control characters/);
    expect(() => validateBaseUrl('https://api.example.com/\u001b[2J', 'base_url')).toThrow(/control characters/);
    expect(() => validateBaseUrl('https://api.example.com /v1', '--base-url')).toThrow(/--base-url/);
  });

  it('refuses a URL longer than 2048 characters', () => {
    expect(() => validateBaseUrl(`https://${'x'.repeat(3000)}.example.com`, 'base_url')).toThrow('base_url must be at most 2048 characters (got 3020)');
  });

  it('still takes an ordinary URL, trailing slashes removed', () => {
    expect(validateBaseUrl('https://api.example.com/v1/', 'base_url')).toBe('https://api.example.com/v1');
  });
});

describe('email show (commands/email/show.ts): the REQUEST_ID argument', () => {
  const parse = (id: string) => emailShow.parseInput({ args: [id], opts: {} });

  it('refuses ids no transmission has, before anything is sent', () => {
    for (const id of ['..', '.', 'x'.repeat(129), 'ünï', '123\u001b[31m456', 'a/b', 'a?b', 'a b']) {
      expect(() => parse(id), JSON.stringify(id)).toThrow(/^REQUEST_ID: /);
    }
  });

  it('takes a transmission id', () => {
    expect(parse('9319752878282249').requestId).toBe('9319752878282249');
  });
});

describe('CliError.withHint (errors.ts): a command adds the next step to an error from the transport', () => {
  it('keeps the class, message, status, details and the unknown-outcome mark', () => {
    const error = new ApiError({ status: 503, message: 'Service unavailable.' }, { details: ['  the POST may or may not have been applied'], outcomeUnknown: true });
    const hinted = error.withHint('check with `mailctl campaign show ID`');
    expect(hinted).toBeInstanceOf(ApiError);
    expect(hinted.message).toBe('Service unavailable.');
    expect(hinted.status).toBe(503);
    expect(hinted.details).toEqual(['  the POST may or may not have been applied']);
    expect(hinted.outcomeUnknown).toBe(true);
    expect(hinted.hint).toBe('check with `mailctl campaign show ID`');
    expect(error.hint).toBeUndefined();
  });
});

describe('terminal text (errors.ts escapeControls, output/cells.ts ttyCell): API data shown, never obeyed', () => {
  const EVIL = 'Sale\u001b[2J\u001b]0;title\u0007\u009b31m'; // clear screen, window title, 8-bit CSI

  it('a table or detail cell shows escape sequences instead of sending them', () => {
    expect(ttyCell(EVIL)).toBe('Sale\\e[2J\\e]0;title\\x07\\x9b31m');
    expect(ttyCell('two\nlines')).toBe('two lines');
    expect(ttyCell({ name: EVIL })).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('pipes keep the data as sent (only tabs and line breaks, which would break the rows)', () => {
    expect(tsvCell(EVIL)).toBe(EVIL);
  });

  it('multi-line notices keep their line breaks when asked to', () => {
    expect(escapeControls('Next page:\n  mailctl events list\u001b[2J', true)).toBe('Next page:\n  mailctl events list\\e[2J');
    expect(escapeControls('a\nb')).toBe('a\\nb');
  });
});
