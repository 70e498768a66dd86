// The emulator delivers webhooks only to this machine: a webhook URL or OAuth token URL whose
// host is not a loopback literal (or "localhost") is never connected to, whatever DNS says.

/** The address to connect to for a loopback URL, or undefined when the URL is not on loopback. */
export function loopbackAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return '127.0.0.1'; // never resolved: /etc/hosts may say otherwise
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return '::1';
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (m && m.slice(1).every((o) => Number(o) <= 255)) return host;
  return undefined;
}

export function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
