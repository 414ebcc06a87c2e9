import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment `drain()` is called: /readyz answers 503, connections close. */
    readonly draining: boolean;
    /**
     * Graceful shutdown of the listener: stops accepting at once, answers every request already
     * received (with `Connection: close`), closes idle kept-alive connections once they have
     * stayed idle for `idleGraceMs`, and resolves when no connection is left — or when
     * `deadlineMs` has passed, cutting what remains. The database is still open meanwhile.
     */
    drain(opts?: { idleGraceMs?: number; deadlineMs?: number }): Promise<void>;
  }
}

type Conn = { active: Set<ServerResponse>; idleSince: number };

/** Tracks connections and their requests on `app.server`, and adds `app.drain()`. */
export function installDrain(app: FastifyInstance) {
  let draining = false;
  const conns = new Map<Socket, Conn>();

  app.server.on('connection', (socket: Socket) => {
    conns.set(socket, { active: new Set(), idleSince: Date.now() });
    socket.once('close', () => conns.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const conn = conns.get(req.socket);
    // A client told we are closing does not send on this connection again.
    if (draining) res.setHeader('connection', 'close');
    if (!conn) return;
    conn.active.add(res);
    res.once('close', () => {
      conn.active.delete(res);
      conn.idleSince = Date.now();
    });
  });

  app.decorate('draining', {
    getter: () => draining,
  });
  app.decorate(
    'drain',
    async ({
      idleGraceMs = 1000,
      deadlineMs = 25_000,
    }: {
      idleGraceMs?: number;
      deadlineMs?: number;
    } = {}) => {
      draining = true;
      // Only the listening socket: http.Server#close would also cut idle kept-alive
      // connections at once, and a request the client is sending on one would be reset.
      if (app.server.listening) NetServer.prototype.close.call(app.server);
      for (const conn of conns.values()) {
        for (const res of conn.active) if (!res.headersSent) res.setHeader('connection', 'close');
      }
      const started = Date.now();
      const deadline = started + deadlineMs;
      while (conns.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const [socket, conn] of conns) {
          // Idle for the grace since the drain began: a request sent meanwhile is still answered.
          const idleFor = now - Math.max(conn.idleSince, started);
          if (conn.active.size === 0 && idleFor >= idleGraceMs) socket.end();
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const socket of conns.keys()) socket.destroy();
    },
  );
}
