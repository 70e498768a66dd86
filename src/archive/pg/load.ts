// The pg package, loaded for the archive commands only. pg decides as it loads
// whether it runs in a Cloudflare Worker: where no global `navigator` exists
// (Node before 21) it builds a fetch Response to find out, which makes Node
// load its whole built-in fetch (its own copy of undici), a large share of a
// PostgreSQL command's start-up, for an answer that is always no here. Node 21
// and later define `navigator` (userAgent "Node.js/…"); on Node 20 one stands
// in, as those define it, while pg loads, and goes once it has loaded.

type Pg = typeof import('pg').default;

export async function loadPg(): Promise<Pg> {
  const global = globalThis as { navigator?: unknown };
  const standIn = global.navigator === undefined;
  if (standIn) {
    Object.defineProperty(globalThis, 'navigator', {
      value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` },
      configurable: true,
      writable: true,
    });
  }
  try {
    return (await import('pg')).default;
  } finally {
    if (standIn) delete global.navigator;
  }
}
