import type { DatabaseWaits } from '../config.ts';
import { boundedPoolOptions } from './pool.ts';

/** What a listener is told: each notification's payload, and whether it is listening. */
export type Listener = {
  onNotify(payload: string): void;
  /** True once listening; false whenever the connection is lost (words may have been missed). */
  onState(listening: boolean): void;
};

/** How long a lost listening connection waits before it connects again. */
const retryMs = 1000;

/**
 * Listens on `channel` of PostgreSQL on a connection of its own (`LISTEN` holds a session, so it
 * cannot share the pool's), connecting again by itself when that connection is lost. Answers the
 * function that stops it. Its connection has the pool's bounds and TCP keepalive, so a silently
 * dead one is found; until it is, the cache it feeds bounds itself (membershipCache.ts).
 */
export async function listenOnPostgres(
  url: string,
  waits: DatabaseWaits,
  channel: string,
  listener: Listener,
): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  const { max: _max, ...options } = boundedPoolOptions(url, waits);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: InstanceType<typeof pg.Client> | undefined;

  const attempt = async () => {
    if (stopped) return;
    const client = new pg.Client(options);
    current = client;
    let lost = false;
    const retry = () => {
      if (lost) return;
      lost = true;
      listener.onState(false);
      void client.end().catch(() => {});
      if (!stopped) timer = setTimeout(attempt, retryMs);
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (!lost) listener.onState(true);
    } catch {
      retry();
    }
  };
  await attempt();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    if (!client) return;
    // A connection to a database that stopped answering may never confirm its end.
    const ended = client.end().catch(() => {});
    const late = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
    await Promise.race([ended, late]);
    (
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
  };
}
