import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { billingSimObjects } from '../../../db/schema.ts';
import { enqueueJob } from '../../../platform/jobs/runner.ts';
import { dueAtOf } from './due.ts';
import { missing } from './errors.ts';
import { eventObjectView, stripeView } from './shapes.ts';
import type { SimObject, SimReader, Subscription } from './types.ts';

/** The job that delivers one simulator event to the webhook endpoint. */
export const SIMULATOR_WEBHOOK = 'billing.simulatorWebhook';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-style id: the object's prefix and 24 random base-62 characters. */
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 62];
  return `${prefix}_${out}`;
}

export const secretOf = (id: string) => `${id}_secret_${newId('x').slice(2)}`;

/**
 * The simulator's objects inside one transaction. A change is serialized with every other
 * change by an advisory lock (`open`): read, change, save, and the events of the change are
 * stored and queued for delivery in the same transaction. A read (`reading`) takes no lock: its
 * read-only snapshot already sees one state, as of its start.
 */
export class SimStore implements SimReader {
  private readonly cache = new Map<string, SimObject>();

  constructor(
    readonly tx: DbOrTx,
    readonly now: Date,
    /** The server's public address, for the pages the simulator links to. */
    readonly publicUrl: string,
  ) {}

  /** Seconds since the epoch, as Stripe counts time. */
  get nowSeconds() {
    return Math.floor(this.now.getTime() / 1000);
  }

  static async open(tx: DbOrTx, now: Date, publicUrl: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roomscale.billing-simulator'))`);
    return new SimStore(tx, now, publicUrl);
  }

  /** For a read-only transaction: nothing is changed, so nothing needs the lock. */
  static reading(tx: DbOrTx, now: Date, publicUrl: string) {
    return new SimStore(tx, now, publicUrl);
  }

  async find<T extends SimObject>(id: string): Promise<T | null> {
    const hit = this.cache.get(id);
    if (hit) return hit as T;
    const [row] = await this.tx
      .select({ data: billingSimObjects.data })
      .from(billingSimObjects)
      .where(eq(billingSimObjects.id, id));
    if (!row) return null;
    const o = row.data as SimObject;
    this.cache.set(id, o);
    return o as T;
  }

  /** The object `id` of kind `object`, or Stripe's "No such …" error. */
  async get<T extends SimObject>(object: string, id: string, param?: string): Promise<T> {
    const o = await this.find<T>(id);
    if (!o || o.object !== object) throw missing(object.replace(/_/g, ''), id, param);
    return o;
  }

  async save<T extends SimObject>(o: T): Promise<T> {
    // A subscription keeps when the clock next has something to do for it (due.ts).
    if (o.object === 'subscription') {
      const sub = o as unknown as Subscription;
      sub._dueAt = await dueAtOf(this, sub);
    }
    this.cache.set(o.id, o);
    const customerId =
      o.object === 'customer' ? o.id : typeof o.customer === 'string' ? o.customer : null;
    await this.tx
      .insert(billingSimObjects)
      .values({ id: o.id, object: o.object, customerId, data: o, created: this.now })
      .onConflictDoUpdate({
        target: billingSimObjects.id,
        set: { data: o, customerId },
      });
    return o;
  }

  /** Objects of a kind, oldest first; of one customer when given. */
  async list<T extends SimObject>(object: string, customerId?: string): Promise<T[]> {
    const rows = await this.tx
      .select({ data: billingSimObjects.data })
      .from(billingSimObjects)
      .where(
        and(
          eq(billingSimObjects.object, object),
          customerId ? eq(billingSimObjects.customerId, customerId) : undefined,
        ),
      )
      .orderBy(asc(billingSimObjects.created), asc(billingSimObjects.id));
    return this.known(rows.map((r) => r.data as T));
  }

  /**
   * The subscriptions the clock has something to do for by `at` (their `_dueAt`, on the
   * expression index of migration 0013), oldest first.
   */
  async dueSubscriptions(at: number): Promise<Subscription[]> {
    const rows = await this.tx
      .select({ data: billingSimObjects.data })
      .from(billingSimObjects)
      .where(
        sql`${billingSimObjects.object} = 'subscription' and (${billingSimObjects.data}->>'_dueAt')::bigint <= ${at}`,
      )
      .orderBy(asc(billingSimObjects.created), asc(billingSimObjects.id));
    return this.known(rows.map((r) => r.data as Subscription));
  }

  /** Objects as this transaction knows them: the ones it read or changed before win. */
  private known<T extends SimObject>(objects: T[]): T[] {
    return objects.map((o) => {
      const cached = this.cache.get(o.id) as T | undefined;
      if (cached) return cached;
      this.cache.set(o.id, o);
      return o;
    });
  }

  async listByIds<T extends SimObject>(ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const rows = await this.tx
      .select({ data: billingSimObjects.data })
      .from(billingSimObjects)
      .where(inArray(billingSimObjects.id, ids));
    return rows.map((r) => r.data as T);
  }

  /**
   * Records an event about `object` (a copy as it is now) and queues its delivery. The event is
   * stored like any object, so the delivery job signs exactly what was recorded.
   */
  async emit(type: string, object: SimObject, previous?: Record<string, unknown>) {
    const event: SimObject = {
      id: newId('evt'),
      object: 'event',
      api_version: null,
      created: this.nowSeconds,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        // As Stripe sends it: complete (shapes.ts).
        object: await eventObjectView(this, type, object),
        ...(previous ? { previous_attributes: await stripeView(this, previous) } : {}),
      },
    };
    await this.save(event);
    await enqueueJob(this.tx, SIMULATOR_WEBHOOK, { eventId: event.id }, this.now);
    return event;
  }
}
