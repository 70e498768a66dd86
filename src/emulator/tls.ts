// `emulator --tls`: a CA made at start and a certificate it signs for the
// loopback names, so a client can trust the emulator the way it would trust a
// corporate CA: by pointing NODE_EXTRA_CA_CERTS at the CA file.
//
// Why selfsigned: it makes CA-signed certificates with Node's own crypto (no
// openssl binary on the user's machine, which `emulator --tls` cannot assume),
// and it is loaded only when --tls is given.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SubjectAltNameEntry } from 'selfsigned';
import { MS_PER_DAY } from '../time-units.js';

export interface EmulatorTls {
  key: string;
  cert: string;
  /** The CA certificate (PEM) to pass as NODE_EXTRA_CA_CERTS. */
  caPath: string;
  /** Removes the CA file and its directory. */
  remove(): void;
}


export async function makeEmulatorTls(host: string, now: number): Promise<EmulatorTls> {
  // As config/keychain.ts: require() in the CommonJS bundle, import() from source.
  const { generate } = typeof require === 'function' ? (require('selfsigned') as typeof import('selfsigned')) : await import('selfsigned');
  const notBeforeDate = new Date(now - MS_PER_DAY);
  const notAfterDate = new Date(now + 30 * MS_PER_DAY);
  const ca = await generate([{ name: 'commonName', value: 'mailctl emulator test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const names: SubjectAltNameEntry[] = [
    { type: 2, value: 'localhost' },
    { type: 7, ip: '127.0.0.1' },
    { type: 7, ip: '::1' },
    ...(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host) ? [] : [/^[\d.]+$|:/.test(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host }]),
  ];
  const leaf = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: names },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), 'mailctl-emulator-ca-'));
  const caPath = join(dir, 'ca.pem');
  writeFileSync(caPath, ca.cert, { mode: 0o644 });
  return { key: leaf.private, cert: leaf.cert, caPath, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
