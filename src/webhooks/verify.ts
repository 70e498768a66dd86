// What `webhook listen` checks on each delivery: the Authorization header against the expected
// credentials (Basic or Bearer), and the optional `lettr-signature` (hex HMAC-SHA256 of the raw
// body). Comparisons take constant time; nothing here ever puts a credential into a message.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type ExpectedAuth =
  | { type: 'none' }
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string };

export type AuthVerdict = 'ok' | 'failed' | 'none';
export type SignatureVerdict = 'ok' | 'failed' | 'absent' | 'unchecked';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  // timingSafeEqual needs equal lengths; compare against itself so the time does not tell either
  return x.length === y.length ? timingSafeEqual(x, y) : (timingSafeEqual(x, x), false);
}

/** 'none' when nothing is expected; otherwise whether the header carries exactly the expected credentials. */
export function checkAuthorization(header: string | undefined, expected: ExpectedAuth): { verdict: AuthVerdict; why?: string } {
  if (expected.type === 'none') return { verdict: 'none' };
  if (!header) return { verdict: 'failed', why: 'no Authorization header' };
  // credentials = auth-scheme 1*SP token (RFC 7235): the scheme's name is case-insensitive, the token is not
  const { scheme, token } = /^(?<scheme>\S*)(?: +(?<token>.*))?$/s.exec(header.trim())?.groups ?? {};
  const wantScheme = expected.type === 'basic' ? 'Basic' : 'Bearer';
  if ((scheme ?? '').toLowerCase() !== wantScheme.toLowerCase()) {
    return { verdict: 'failed', why: `Authorization is not ${wantScheme} (got the ${(scheme ?? '').slice(0, 20) || 'empty'} scheme)` };
  }
  const want = expected.type === 'basic' ? Buffer.from(`${expected.username}:${expected.password}`).toString('base64') : expected.token;
  if (same(token ?? '', want)) return { verdict: 'ok' };
  if (expected.type === 'basic') {
    const decoded = Buffer.from(token ?? '', 'base64').toString('utf8');
    const user = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : undefined;
    return { verdict: 'failed', why: user === expected.username ? 'wrong password' : 'wrong username' };
  }
  return { verdict: 'failed', why: 'wrong bearer token' };
}

export function signBody(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Checked only when a secret is given and the header is present (service-notes: the signature is optional). */
export function checkSignature(header: string | undefined, body: Buffer, secret: string | undefined): SignatureVerdict {
  if (secret === undefined) return 'unchecked';
  if (!header) return 'absent';
  return same(header.trim().toLowerCase(), signBody(body, secret)) ? 'ok' : 'failed';
}
