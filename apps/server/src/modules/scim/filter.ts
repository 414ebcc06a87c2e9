import { scimMessages } from '@roomscale/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import SCIMMY from 'scimmy';
import { scimUsers, users } from '../../db/schema.ts';
import { activeMembership } from '../organizations/membership.ts';
import { ScimError } from './errors.ts';

/**
 * A SCIM filter (RFC 7644 §3.4.2.2) as a SQL condition on a team's users. scimmy parses it and
 * hands it back in disjunctive normal form (a list of branches, each an object of conditions that
 * must all hold); we translate what identity providers send to find a user before creating one —
 * `eq` on `userName`, `externalId`, `emails.value` (with `type eq "work"` or none), `id`,
 * `active` — joined by `and`/`or`, and refuse the rest as invalidFilter instead of answering an
 * empty list that would make the provider create a duplicate.
 */
export function filterCondition(filter: string): SQL {
  let parsed: unknown;
  try {
    parsed = new SCIMMY.Types.Filter(filter);
  } catch (err) {
    throw new ScimError(400, (err as Error).message, 'invalidFilter');
  }
  const branches = (parsed as Record<string, unknown>[]).map((branch) =>
    and(...Object.entries(branch).map(([attr, cond]) => attributeCondition(attr, cond))),
  );
  const all = or(...branches);
  if (!all) throw unsupported(filter);
  return all;
}

const unsupported = (what: string) =>
  new ScimError(400, scimMessages.filterUnsupported(what), 'invalidFilter');

/** `[op, value]`, or several of them on one attribute (`a eq 1 and a eq 2`). */
function comparisons(attr: string, cond: unknown): unknown[][] {
  if (!Array.isArray(cond)) throw unsupported(attr);
  return Array.isArray(cond[0]) ? (cond as unknown[][]) : [cond];
}

/** The value of an `eq` comparison; anything else (not, pr, co, a missing value) is refused. */
function eqValue(attr: string, c: unknown[]): unknown {
  if (c.length !== 2 || String(c[0]).toLowerCase() !== 'eq') {
    throw unsupported(`${attr} with '${c.slice(0, -1).join(' ') || c.join(' ')}'`);
  }
  return c[1];
}

/** A membership that counts (role not None): SCIM's `active`. */
const activeSql = sql<boolean>`coalesce(${activeMembership()}, false)`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const never = sql`false`;

const stringOf = (attr: string, v: unknown) => {
  if (typeof v !== 'string') throw unsupported(`${attr} with a value that is not a string`);
  return v;
};

/** userName and the work address are the account's address, kept in lower case. */
const addressIs = (v: string) => eq(users.email, v.trim().toLowerCase());

function attributeCondition(attr: string, cond: unknown): SQL | undefined {
  const name = attr.toLowerCase();
  if (name === 'emails') return emailsCondition(cond);
  const parts = comparisons(attr, cond).map((c) => {
    const v = eqValue(attr, c);
    switch (name) {
      case 'username':
        return addressIs(stringOf(attr, v));
      case 'externalid':
        return eq(scimUsers.externalId, stringOf(attr, v));
      case 'id': {
        const id = stringOf(attr, v);
        return uuidPattern.test(id) ? eq(users.id, id) : never;
      }
      case 'active':
        if (typeof v !== 'boolean') throw unsupported(`${attr} with a value that is not a boolean`);
        return v ? activeSql : sql`not ${activeSql}`;
      default:
        throw unsupported(attr);
    }
  });
  return and(...parts);
}

/** `emails[type eq "work"].value eq …`, `emails.value eq …`, `emails[value eq …]`. */
function emailsCondition(cond: unknown): SQL | undefined {
  if (!cond || typeof cond !== 'object' || Array.isArray(cond)) throw unsupported('emails');
  const parts = Object.entries(cond as Record<string, unknown>).flatMap(([sub, c]) =>
    comparisons(`emails.${sub}`, c).map((one) => {
      const v = stringOf(`emails.${sub}`, eqValue(`emails.${sub}`, one));
      switch (sub.toLowerCase()) {
        case 'value':
          return addressIs(v);
        case 'type':
          // The account's one address is its work address.
          return v.toLowerCase() === 'work' ? sql`true` : never;
        default:
          throw unsupported(`emails.${sub}`);
      }
    }),
  );
  return and(...parts);
}
