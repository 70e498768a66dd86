// SecretSet (src/output/scrub.ts): a secret is masked in every form a server quotes it in, as
// each of mailctl's formats prints that quote, in any case; nothing else is touched.
import { describe, expect, it } from 'vitest';
import { secretValues } from '../../src/api/redact.js';
import { csvCell } from '../../src/output/cells.js';
import { markdownText } from '../../src/output/markdown.js';
import { SecretSet } from '../../src/output/scrub.js';

const KEY = `lttr_${'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'.repeat(2)}`;
const PASSWORD = 'pW"q\\x/+y&z=%41:@#Tail\u00e9';

const json = (s: string) => JSON.stringify(s).slice(1, -1);
const php = (s: string) => json(s).replace(/\//g, '\\/').replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const echoes: Array<[string, (s: string) => string]> = [
  ['as it is', (s) => s],
  ['upper-cased', (s) => s.toUpperCase()],
  ['lower-cased', (s) => s.toLowerCase()],
  ['JSON-escaped', json],
  ['JSON-escaped twice', (s) => json(json(s))],
  ['JSON-escaped by PHP', php],
  ['PHP upper-cases \\u escapes', (s) => php(s).replace(/\\u00e9/g, '\\u00E9')],
  ['percent-encoded', encodeURIComponent],
  ['form-encoded', (s) => new URLSearchParams({ s }).toString().slice(2)],
  ['base64', (s) => Buffer.from(s).toString('base64')],
  ['base64url', (s) => Buffer.from(s).toString('base64url')],
  ['base64 of an Authorization header', (s) => Buffer.from(`Bearer ${s}`).toString('base64')],
  ['base64 of a Basic pair', (s) => Buffer.from(`someone:${s}`).toString('base64')],
  ['base64, 2 bytes into a group', (s) => Buffer.from(`ab${s}`).toString('base64')],
];
const printed: Array<[string, (s: string) => string]> = [
  ['plain', (s) => s],
  ['json', json],
  ['csv', (s) => csvCell(`x,${s}`)],
  ['markdown', markdownText],
];

describe('SecretSet.scrub', () => {
  for (const [secretName, secret] of [['key', KEY], ['password', PASSWORD]] as const) {
    for (const [echoName, echo] of echoes) {
      it.each(printed)(`the ${secretName} ${echoName}, printed as %s: masked`, (_name, print) => {
        const set = new SecretSet();
        set.add(secret);
        const text = `before ${print(`said: ${echo(secret)} and ${echo(secret)}!`)} after`;
        const out = set.scrub(text);
        expect(out).not.toContain(print(echo(secret)));
        expect(out.toLowerCase()).not.toContain(secret.slice(0, 12).toLowerCase());
        expect(out.split(`****${secret.slice(-4)}`)).toHaveLength(3); // both quotes, each masked
        expect(out.startsWith('before ') && out.endsWith(' after')).toBe(true);
      });
    }
  }

  it('keeps text without a secret the same string, and works before any secret is added', () => {
    const set = new SecretSet();
    const text = 'lttr_ nothing secret here';
    expect(set.scrub(text)).toBe(text);
    set.add(KEY);
    expect(set.scrub(text)).toBe(text);
  });

  it('masks a secret after a character whose lower case is longer (\u0130)', () => {
    const set = new SecretSet();
    set.add(KEY);
    expect(set.scrub(`\u0130 ${KEY.toUpperCase()} \u0130 ${KEY}`)).toBe(`\u0130 ****${KEY.slice(-4)} \u0130 ****${KEY.slice(-4)}`);
  });

  it('replaces a secret that contains another whole, and ignores short or non-string values', () => {
    const set = new SecretSet();
    set.add('abc');
    set.add(5 as unknown as string);
    set.add('secret-1');
    set.add('secret-1-longer');
    expect(set.scrub('abc secret-1-longer secret-1')).toBe('abc ****nger ****et-1');
  });
});

describe('secretValues', () => {
  it('finds the strings under secret fields at any depth and the passwords of URLs, nothing else', () => {
    const body = { name: 'n', auth_password: 'p1', nested: [{ oauth_client_secret: 's1' }, { token: ['t1', 2] }], url: 'https://u:x@h/' };
    expect(secretValues(body).sort()).toEqual(['p1', 's1', 't1', 'x']);
    expect(secretValues({ target: 'https://ops:a%40b@h/', note: 'see https://h/@x' })).toEqual(['a%40b', 'a@b']);
    expect(secretValues('auth_password')).toEqual([]);
  });
});

describe('SecretSet.scrub of a secret cut short: words and long tokens', () => {
  it('an ordinary word cut in a table is not taken for the start of a password that begins with it', () => {
    const set = new SecretSet();
    set.add('newsletter-hook');
    expect(set.scrub('Newsletter…  Weekly digest…')).toBe('Newsletter…  Weekly digest…');
    expect(set.scrub('Newsletter-ho…')).toBe('****…');
  });

  it('a 3 KB token (a JWT) is masked whole and cut, without a pattern the regex engine cannot build', () => {
    const set = new SecretSet();
    const token = `eyJ${'a1B2c3D4'.repeat(400)}`;
    set.add(token);
    expect(set.scrub(`token ${token} and ${token.slice(0, 2000)}… end`)).toBe(`token ****${token.slice(-4)} and ****… end`);
  });

  it('a mask never carries a character that the printed form escapes: JSON stays JSON', () => {
    const set = new SecretSet();
    set.add('s3cret-with-"\\x');
    const json = JSON.stringify({ message: 'bad password s3cret-with-"\\x' });
    expect(JSON.parse(set.scrub(json))).toEqual({ message: 'bad password ****' });
  });
});

describe('SecretSet.scrub of a secret cut short', () => {
  const set = new SecretSet();
  set.add(KEY);
  set.add(PASSWORD);
  it.each([
    [`(got "${KEY.slice(0, 40)}…")`, '(got "****…")'],
    [`(got "x${KEY.slice(0, 59)}…" (150 characters))`, '(got "x****…" (150 characters))'],
    [`subj ${KEY.toUpperCase().slice(0, 12)}…  next`, 'subj ****…  next'],
    [`"${JSON.stringify(PASSWORD).slice(1, 14)}…"`, '"****…"'],
    [`whole: ${KEY}…`, `whole: ****${KEY.slice(-4)}…`],
    // under 12 characters a start says too little to tell it from an ordinary word cut short
    [`too short to tell: lttr_…, ${KEY.slice(0, 11)}…`, `too short to tell: lttr_…, ${KEY.slice(0, 11)}…`],
    [`a cut that runs on: ${KEY.slice(0, 12)}x…`, `a cut that runs on: ${KEY.slice(0, 12)}x…`],
    [`not cut: ${KEY.slice(0, 40)} and on`, `not cut: ${KEY.slice(0, 40)} and on`],
  ])('%s → %s', (text, masked) => {
    expect(set.scrub(text)).toBe(masked);
  });
});
