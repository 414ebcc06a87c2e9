import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment `drain()` is called: /readyz answers 503, connections close. */
    readonly draining: boolean;
    /**
     * Graceful shutdown of the listener: stops accepting at once, answers every request already
     * received (with `Connection: close`), from `idleGraceMs` after it began closes the kept-alive
     * connections that are idle, and resolves when no connection is left — or when
     * `deadlineMs` has passed, cutting what remains. The database is still open meanwhile.
     */
    drain(opts?: { idleGraceMs?: number; deadlineMs?: number }): Promise<void>;
  }
}

/**
 * Tracks connections on `app.server` and adds `app.drain()`. Which connections are idle, Node's
 * server knows itself (`closeIdleConnections`: no request being read or answered), so a request
 * costs no more than one flag check (a listener on every answer showed on the hot path:
 * docs/performance.md "The hot path").
 */
export function installDrain(app: FastifyInstance) {
  let draining = false;
  const conns = new Set<Socket>();

  app.server.on('connection', (socket: Socket) => {
    conns.add(socket);
    socket.once('close', () => conns.delete(socket));
  });
  // Every answer sent once the drain began, to requests received before or during it, tells the
  // client the connection closes; Node closes it once the answer is out.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  // Node counts a connection idle between requests, but not one that never sent a byte.
  const closeIdle = () => {
    app.server.closeIdleConnections();
    for (const socket of conns) if (socket.bytesRead === 0) socket.end();
  };

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
      const started = Date.now();
      const deadline = started + deadlineMs;
      while (conns.size > 0 && Date.now() < deadline) {
        // Idle for the grace since the drain began: a request sent meanwhile is still answered.
        if (Date.now() - started >= idleGraceMs) closeIdle();
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const socket of conns) socket.destroy();
    },
  );
}
