import { type AddressInfo, createServer, type Socket } from 'node:net';

/**
 * A TCP server on 127.0.0.1 that accepts connections and never answers (a network that drops
 * what it is sent): what a test points a client at to see its timeouts end the wait.
 * `greeting` is written once on each connection first (an SMTP server that greets, then goes
 * silent). `accepted()` counts every connection made, closed or not.
 */
export async function startBlackHole(greeting?: string) {
  const open = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    open.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => open.delete(socket));
    if (greeting) socket.write(greeting);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    close: () => {
      for (const s of open) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
