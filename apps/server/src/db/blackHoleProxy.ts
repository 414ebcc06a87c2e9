import { connect, createServer, type Server, type Socket } from 'node:net';

type Link = { client: Socket; upstream: Socket; held: Array<() => void> };

/**
 * A TCP proxy in front of PostgreSQL that can stop forwarding without closing anything, as a
 * network that drops packets does (a black hole): connections stay open, new ones are accepted,
 * nothing is answered. What was sent meanwhile is held, as TCP retransmits it, and delivered in
 * order when forwarding resumes; a side that closed meanwhile closes the other then.
 */
export class BlackHoleProxy {
  private server: Server | null = null;
  private readonly links = new Set<Link>();
  private forwarding = true;
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open() {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      const link: Link = { client, upstream, held: [] };
      this.links.add(link);
      const pass = (action: () => void) => {
        if (this.forwarding) action();
        else link.held.push(action);
      };
      client.on('data', (d) => pass(() => upstream.write(d)));
      upstream.on('data', (d) => pass(() => client.write(d)));
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        from.on('error', () => {});
        from.on('close', () =>
          pass(() => {
            // After what was written before it: a close travels in order with the data.
            to.end();
            this.links.delete(link);
          }),
        );
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Stops forwarding; every connection stays open, and new ones are accepted. */
  blackHole() {
    this.forwarding = false;
  }

  /** Delivers what was held, in order, and forwards again. */
  resume() {
    this.forwarding = true;
    for (const link of [...this.links]) {
      const held = link.held.splice(0);
      for (const action of held) action();
    }
  }

  /** `url` (a PostgreSQL URL) through this proxy. */
  via(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async close() {
    for (const { client, upstream } of this.links) {
      client.destroy();
      upstream.destroy();
    }
    this.links.clear();
    const server = this.server;
    this.server = null;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
