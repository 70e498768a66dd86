// maskUrl (src/api/redact.ts): the one way mailctl prints a URL that may carry user:password@.
import { describe, expect, it } from 'vitest';
import { describeBody, maskUrl, redact } from '../../src/api/redact.js';

describe('maskUrl', () => {
  it.each([
    ['http://u:secret@127.0.0.1:3000/h', 'http://***@127.0.0.1:3000/h'],
    ['https://token@hooks.example.com/x?a=b', 'https://***@hooks.example.com/x?a=b'],
    ['http://u:p@ss@host/', 'http://***@host/'],
    ['ftp://u:pw@host', 'ftp://***@host'],
    ['http://127.0.0.1:3000/a@b', 'http://127.0.0.1:3000/a@b'],
    ['http://host/?to=a@b.example', 'http://host/?to=a@b.example'],
    ['ops@example.com', 'ops@example.com'],
  ])('%s → %s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });

  it('redact and describeBody mask URLs inside a body, and keep a "__proto__" key a key', () => {
    const body = JSON.parse('{"url":"https://ops:pw-1@hooks.example.com/x","__proto__":{"auth_password":"pw-2"}}') as Record<string, unknown>;
    const out = redact(body) as Record<string, unknown>;
    expect(out.url).toBe('https://***@hooks.example.com/x');
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(JSON.stringify(out)).toBe('{"url":"https://***@hooks.example.com/x","__proto__":{"auth_password":"********"}}');
    expect(describeBody(body)).not.toMatch(/pw-1|pw-2/);
  });
});
