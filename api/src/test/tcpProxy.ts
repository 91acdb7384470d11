import net from 'node:net';

/**
 * A TCP proxy between the app and its PostgreSQL server, to play a database outage for real:
 * - forward: bytes pass both ways;
 * - refuse: connections are reset at once and open ones cut (the server is down);
 * - blackhole: connections are accepted and open ones kept, but nothing passes either way (a
 *   network that silently drops packets: no error ever arrives).
 */
export type ProxyMode = 'forward' | 'refuse' | 'blackhole';

export interface TcpProxy {
  port: number;
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'refuse') return client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    // Data is passed only while forwarding; in a blackhole it is swallowed.
    client.on('data', (d) => mode === 'forward' && upstream.write(d));
    upstream.on('data', (d) => mode === 'forward' && client.write(d));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    set(next) {
      mode = next;
      if (next !== 'refuse') return;
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
    },
    close: async () => {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
