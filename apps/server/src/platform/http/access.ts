import type { LicenseType, Role } from '@roomscale/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { directStatement } from '../../db/direct.ts';
import { guestSessions, guests, sessions, users } from '../../db/schema.ts';
import { activeMembershipOf } from '../../modules/organizations/membership.ts';
import type { Jwt } from '../auth/jwt.ts';
import type { MembershipCache } from '../auth/membershipCache.ts';
import type { SessionCache } from '../auth/sessionCache.ts';
import { forbidden, notFound, unauthorized } from './problem.ts';

/**
 * Who may call a route. Every route under /api declares one (the app refuses to start
 * otherwise), and it is checked before validation and before the handler runs.
 * - public: anyone.
 * - user: a signed-in user.
 * - teamMember / teamAdmin: a signed-in member (or admin) of the team named by the path's
 *   `organizationId`; everyone else gets 404, so team ids cannot be probed, and a member who is
 *   not an admin gets 403 on teamAdmin. With `superAdmins: true` beside it, a super admin passes
 *   too, in any team (`req.team` is then null unless they are a member).
 * - superAdmin: a platform super admin.
 * - guest: a guest with a live guest token (docs/guests.md). User tokens are refused here, and
 *   guest tokens on every other rule, so a guest never reaches team data.
 * - userOrSigned: a request whose query carries a `signature` goes on to the route, which checks
 *   that signed address itself; any other request is held to the rule `user`.
 * - scimToken: the SCIM protocol under /scim/v2/{organizationId} (docs/scim.md): the bearer token
 *   must be that team's SCIM token, else 401; user and guest tokens never pass. Routes under
 *   /scim/ declare a rule like those under /api/, and are walked with them.
 * - metricsToken: GET /metrics on the public port (platform/metrics): the bearer token must be
 *   METRICS_TOKEN, else 401; user, guest and SCIM tokens never pass. Walked with the /api routes.
 */
export type Access =
  | 'public'
  | 'user'
  | 'teamMember'
  | 'teamAdmin'
  | 'superAdmin'
  | 'guest'
  | 'userOrSigned'
  | 'scimToken'
  | 'metricsToken';

export type GuestCaller = { guestId: string; sessionId: string; email: string };

export type Caller = {
  userId: string;
  sessionId: string;
  email: string;
  superAdmin: boolean;
};

export type TeamContext = { organizationId: string; role: Role; licenseType: LicenseType };

/**
 * A rule on the one object a route addresses, declared on the route next to its access rule and
 * checked right after it, before validation: the caller gets 404 when they may not see the
 * object, 403 when they see it but may not do this; a malformed id is left to validation (400).
 * The checks are the resources' own policies (`objectRules` in app.ts wires them), and
 * `access.test.ts` refuses, on every route declaring each, a caller who fails it. On a team's
 * route the object must also be that team's (seen in the team, by the team's rule).
 * - meetingModerator: the meeting (`meetingId`) is seen by the caller and they moderate it (a
 *   moderator or an admin of its team).
 * - roomViewer: the room (`roomId`) is seen by the caller: on a team's route as the team's room
 *   list shows it, elsewhere anywhere (the room data calls of the VR app).
 * - roomManager: roomViewer, and the caller manages the room: on a team's route an admin of the
 *   team and the room or template the team's own (403 managedTemplate), elsewhere one of its
 *   managers (its team's admins, a temporary room's moderators, super admins).
 * - fileItem: the file item (`fileItemId`) is seen in the route's file space (the team's, the
 *   guest's; on the team-less download, one of the caller's teams); 404 fileMessages.notFound.
 * - fileEditor: fileItem, and the item is not read-only (Demo, Template: 403 readOnly).
 */
export type ObjectRule =
  | 'meetingModerator'
  | 'roomViewer'
  | 'roomManager'
  | 'fileItem'
  | 'fileEditor';
export type ObjectRuleCheck = (req: FastifyRequest, id: string) => Promise<void>;

/** One declared API route, as the access hook saw it. */
export type RouteAccess = {
  method: string;
  url: string;
  access: Access;
  object?: ObjectRule;
  superAdmins?: true;
};

/** The path parameter naming each object rule's object. */
export const objectParam: Record<ObjectRule, string> = {
  meetingModerator: 'meetingId',
  roomViewer: 'roomId',
  roomManager: 'roomId',
  fileItem: 'fileItemId',
  fileEditor: 'fileItemId',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    object?: ObjectRule;
    /** On a teamAdmin route: super admins pass too, in any team (the admin team page). */
    superAdmins?: true;
  }
  interface FastifyRequest {
    caller: Caller | null;
    team: TeamContext | null;
    guest: GuestCaller | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, so tests can check each one. */
    routeAccess: RouteAccess[];
  }
}

type AccessDeps = {
  db: Db;
  jwt: Jwt;
  clock: Clock;
  /** Live sessions confirmed a moment ago (platform/auth/sessionCache.ts). */
  sessionCache: SessionCache;
  /** Active memberships read a moment ago (platform/auth/membershipCache.ts). */
  membershipCache: MembershipCache;
  objectRules: Record<ObjectRule, ObjectRuleCheck>;
  /** Checks a scimToken route's token against its team's (modules/scim); throws when refused. */
  scimToken: (req: FastifyRequest) => Promise<void>;
  /** Checks the metrics token (platform/metrics); without it, metricsToken routes answer 401. */
  metricsToken?: (req: FastifyRequest) => Promise<void>;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in caller of a route whose access rule guarantees one. */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}
export function guestOf(req: FastifyRequest): GuestCaller {
  if (!req.guest) throw unauthorized();
  return req.guest;
}
export function teamOf(req: FastifyRequest): TeamContext {
  if (!req.team) throw notFound();
  return req.team;
}

export function registerAccess(app: FastifyInstance, deps: AccessDeps) {
  const objectChecked = new WeakSet<FastifyRequest>();
  const objectCheckedGuard: preHandlerHookHandler = (req, _reply, done) =>
    done(objectChecked.has(req) ? undefined : notFound());
  app.decorateRequest('caller', null);
  app.decorateRequest('team', null);
  app.decorateRequest('guest', null);
  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);

  app.addHook('onRoute', (route) => {
    const walked =
      route.url.startsWith('/api/') ||
      route.url.startsWith('/scim/') ||
      route.config?.access === 'metricsToken';
    if (!walked || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    const object = route.config?.object;
    if (object && !route.url.includes(`:${objectParam[object]}`)) {
      throw new Error(`Route ${route.url} declares ${object} without :${objectParam[object]}`);
    }
    const superAdmins = route.config?.superAdmins;
    if (superAdmins && access !== 'teamAdmin') {
      throw new Error(`Route ${route.url} lets super admins in on ${access}, not teamAdmin`);
    }
    for (const method of [route.method].flat()) {
      routeAccess.push({
        method,
        url: route.url,
        access,
        ...(object && { object }),
        ...(superAdmins && { superAdmins }),
      });
    }
    // No handler runs unless its object rule passed (a parameter schema that let a malformed id
    // through would land here). Only on the routes that declare one: the others pay nothing.
    if (object) route.preHandler = [objectCheckedGuard, ...[route.preHandler ?? []].flat()];
  });

  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (access === 'userOrSigned' && (req.query as { signature?: unknown }).signature !== undefined)
      return;
    if (access === 'scimToken') return deps.scimToken(req);
    if (access === 'metricsToken') {
      if (!deps.metricsToken) throw unauthorized();
      return deps.metricsToken(req);
    }
    if (access === 'guest') {
      req.guest = await resolveGuest(deps, req.headers.authorization);
      if (!req.guest) throw unauthorized();
    } else {
      req.caller = await resolveCaller(deps, req.headers.authorization);
      if (!req.caller) throw unauthorized();
      if (access === 'superAdmin' && !req.caller.superAdmin) throw forbidden();
    }
    if (access === 'teamMember' || access === 'teamAdmin') {
      const caller = callerOf(req);
      const orgId = (req.params as Record<string, string | undefined>).organizationId;
      if (!orgId || !uuidPattern.test(orgId)) throw notFound();
      const m = await membershipOf(deps, orgId, caller.userId);
      const superAdminPasses = caller.superAdmin && req.routeOptions.config.superAdmins === true;
      if (!m && !superAdminPasses) throw notFound();
      if (access === 'teamAdmin' && m?.role !== 'Admin' && !superAdminPasses) throw forbidden();
      if (m) req.team = { organizationId: orgId, role: m.role, licenseType: m.licenseType };
    }

    const object = req.routeOptions.config.object;
    if (object) {
      const id = (req.params as Record<string, string | undefined>)[objectParam[object]];
      // A malformed id names no object: validation answers it (400 on the parameter).
      if (!id || !uuidPattern.test(id)) return;
      await deps.objectRules[object](req, id);
      objectChecked.add(req);
    }
  });
}

/**
 * The caller's active membership of the team: remembered a moment (membershipCache.ts), or read
 * and kept unless a change to memberships was seen while it was read.
 */
async function membershipOf(deps: AccessDeps, organizationId: string, userId: string) {
  const nowMs = deps.clock.now().getTime();
  const remembered = deps.membershipCache.get(organizationId, userId, nowMs);
  if (remembered) return remembered;
  const mark = deps.membershipCache.mark();
  const m = await activeMembershipOf(deps.db, organizationId, userId);
  if (m) deps.membershipCache.keep(organizationId, userId, m, nowMs, mark);
  return m;
}

/** What checking a token needs. */
type TokenDeps = Pick<AccessDeps, 'db' | 'jwt' | 'clock' | 'sessionCache'>;

/**
 * Who sent a request to a public route, when it carries a live user or guest token; nobody
 * otherwise (a missing, malformed or ended token is no error here: the route stays public).
 */
export async function identify(
  deps: TokenDeps,
  header: string | undefined,
): Promise<{ caller: Caller } | { guest: GuestCaller } | null> {
  if (!header) return null;
  const caller = await resolveCaller(deps, header);
  if (caller) return { caller };
  const guest = await resolveGuest(deps, header);
  return guest ? { guest } : null;
}

const bearerToken = (header: string | undefined) =>
  header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/)?.[1] ?? null;

/**
 * A guest token counts only while its guest session is alive: guest logout ends it at once (on
 * another instance within `security.sessionCacheSeconds`: sessionCache.ts).
 */
async function resolveGuest(
  deps: TokenDeps,
  header: string | undefined,
): Promise<GuestCaller | null> {
  const raw = bearerToken(header);
  if (!raw) return null;
  const now = deps.clock.now();
  const token = await deps.jwt.verifyGuest(raw, now);
  if (!token) return null;
  const cached = deps.sessionCache.getGuest(token.sessionId, now.getTime());
  if (cached) {
    if (cached.guestId !== token.guestId) return null;
    return { guestId: token.guestId, sessionId: token.sessionId, email: cached.email };
  }
  const [row] = await guestSessionStatement(deps.db, [
    token.sessionId,
    token.guestId,
    now.toISOString(),
  ]);
  if (!row) return null;
  const live = { guestId: token.guestId, email: row.email };
  deps.sessionCache.setGuest(token.sessionId, live, now.getTime(), row.endsMs);
  return { sessionId: token.sessionId, ...live };
}

/**
 * The address of a guest whose session is alive and when that session runs out (epoch
 * milliseconds, so the access check never remembers it longer), as every guest call not
 * remembered checks it: built once per database and run as the prepared statement
 * `access_guest_session` (db/direct.ts), planned once per connection (a lookup by the session's
 * key whatever the values).
 */
const guestSessionStatement = directStatement<{ email: string; endsMs: number }>(
  'access_guest_session',
  (db) =>
    db
      .select({
        session: sql`json_build_object('email', ${guests.email}, 'endsMs', floor(extract(epoch from ${guestSessions.expiresAt}) * 1000))`,
      })
      .from(guestSessions)
      .innerJoin(guests, eq(guests.id, guestSessions.guestId))
      .where(
        and(
          eq(guestSessions.id, sql.placeholder('sessionId')),
          eq(guestSessions.guestId, sql.placeholder('guestId')),
          isNull(guestSessions.revokedAt),
          gt(guestSessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      ),
);

/**
 * A bearer token counts only while its session is alive: logout and revocation end it at once
 * (on another instance within `security.sessionCacheSeconds`: sessionCache.ts).
 */
async function resolveCaller(deps: TokenDeps, header: string | undefined): Promise<Caller | null> {
  const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
  if (!match) return null;
  const now = deps.clock.now();
  const token = await deps.jwt.verifyAccess(match[1]!, now);
  if (!token) return null;
  const cached = deps.sessionCache.get(token.sessionId, now.getTime());
  if (cached) {
    if (cached.userId !== token.userId) return null;
    return { sessionId: token.sessionId, ...cached };
  }
  const [row] = await deps.db
    .select({ email: users.email, superAdmin: users.superAdmin, endsAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, token.sessionId),
        eq(sessions.userId, token.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  if (!row) return null;
  const live = { userId: token.userId, email: row.email, superAdmin: row.superAdmin };
  deps.sessionCache.set(token.sessionId, live, now.getTime(), row.endsAt.getTime());
  return { sessionId: token.sessionId, ...live };
}
