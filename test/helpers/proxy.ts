import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxiedRequest {
  /** CONNECT for a tunnel, else the method of an absolute-form request. */
  method: string;
  /** "host:port" for CONNECT, the absolute URL otherwise. */
  target: string;
  /** The Proxy-Authorization header as received. */
  proxyAuthorization?: string;
}

export interface TestProxyOptions {
  /** "user:password": anything else is answered 407. */
  auth?: string;
  /** Answer every request and tunnel with this status instead of relaying. */
  refuse?: number;
}

/**
 * A small HTTP proxy on 127.0.0.1 for tests: relays absolute-form requests
 * (what clients send to an http:// target) and opens CONNECT tunnels (https://),
 * recording each one with the Proxy-Authorization it carried.
 */
export async function testProxy(options: TestProxyOptions = {}) {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const expected = options.auth ? `Basic ${Buffer.from(options.auth).toString('base64')}` : undefined;
  const refusal = (auth: string | undefined) => options.refuse ?? (expected && auth !== expected ? 407 : undefined);

  const server = createServer((req, res) => {
    const auth = req.headers['proxy-authorization'];
    seen.push({ method: req.method!, target: req.url!, proxyAuthorization: auth });
    const status = refusal(auth);
    if (status) {
      res.writeHead(status, status === 407 ? { 'proxy-authenticate': 'Basic realm="test"' } : {});
      res.end();
      return;
    }
    const url = new URL(req.url!);
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest({ host: url.hostname, port: url.port, method: req.method, path: url.pathname + url.search, headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const auth = req.headers['proxy-authorization'];
    seen.push({ method: 'CONNECT', target: req.url!, proxyAuthorization: auth });
    const status = refusal(auth);
    if (status) {
      client.end(`HTTP/1.1 ${status} Refused\r\n${status === 407 ? 'Proxy-Authenticate: Basic realm="test"\r\n' : ''}Content-Length: 0\r\n\r\n`);
      return;
    }
    const [host, port] = [req.url!.slice(0, req.url!.lastIndexOf(':')), Number(req.url!.slice(req.url!.lastIndexOf(':') + 1))];
    const upstream = connect({ host: host.replace(/^\[|\]$/g, ''), port }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** The proxy URL with credentials in it, as a user would put it in HTTPS_PROXY. */
    urlWith: (auth: string) => `http://${auth}@127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
