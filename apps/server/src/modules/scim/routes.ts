import { scimLimits, scimMessages } from '@roomscale/shared';
import { scimApi } from '@roomscale/shared/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { teamOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.ts';
import { installScimErrors, SCIM_CONTENT_TYPE, ScimError } from './errors.ts';
import { createScimUser, deleteScimUser, patchScimUser, replaceScimUser } from './provisioning.ts';
import {
  createScimToken,
  revokeScimToken,
  scimBaseUrl,
  scimBearer,
  scimTokenStatus,
} from './tokens.ts';
import { getScimUser, type ListQuery, listScimUsers } from './users.ts';

/**
 * SCIM 2.0 provisioning (docs/scim.md): the team admins' token calls under /api, and the SCIM
 * protocol under /scim/v2/{organizationId}, with the team's SCIM token, SCIM's media type and
 * error body, rate-limited per token.
 */
export function scimRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(scimApi.createToken),
    config: { access: 'teamAdmin' },
    handler: (req) => createScimToken(ctx, actorOf(req), teamOf(req).organizationId),
  });

  r.route({
    ...routeOf(scimApi.getToken),
    config: { access: 'teamAdmin' },
    handler: (req) => scimTokenStatus(ctx, teamOf(req).organizationId),
  });

  r.route({
    ...routeOf(scimApi.revokeToken),
    config: { access: 'teamAdmin' },
    handler: async (req, reply) => {
      await revokeScimToken(ctx, actorOf(req), teamOf(req).organizationId);
      return reply.code(204).send();
    },
  });

  app.register(async (scim) => scimProtocol(scim, ctx));
}

const prefix = '/scim/v2/:organizationId';
type TeamParams = { organizationId: string };

function scimProtocol(scim: FastifyInstance, ctx: AppContext) {
  installScimErrors(scim);
  const json = (
    _req: unknown,
    body: string,
    done: (err: Error | null, value?: unknown) => void,
  ) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body));
    } catch {
      done(new ScimError(400, scimMessages.invalidSyntax, 'invalidSyntax'));
    }
  };
  scim.removeContentTypeParser('application/json');
  for (const type of ['application/json', 'application/scim+json']) {
    scim.addContentTypeParser(type, { parseAs: 'string', bodyLimit: scimLimits.bodyBytes }, json);
  }

  const config = {
    access: 'scimToken',
    rateLimit: {
      max: scimLimits.requestsPerMinute,
      timeWindow: '1 minute',
      // Per token (hashed, never kept as sent); requests without one share their address's count.
      keyGenerator: (req: { headers: { authorization?: string }; ip: string }) => {
        const token = scimBearer(req.headers.authorization);
        return token ? `scim:${hashToken(token)}` : `scim-ip:${req.ip}`;
      },
    },
  } as const;
  const schema = { hide: true };
  const base = (params: unknown) => scimBaseUrl(ctx, (params as TeamParams).organizationId);
  const send = (reply: FastifyReply, body: unknown, status = 200) =>
    reply.code(status).type(SCIM_CONTENT_TYPE).send(JSON.stringify(body));

  scim.get(`${prefix}/ServiceProviderConfig`, { config, schema }, async (req, reply) =>
    send(reply, await serviceProviderConfig(base(req.params))),
  );
  scim.get(`${prefix}/ResourceTypes`, { config, schema }, async (req, reply) =>
    send(reply, await resourceTypes(base(req.params))),
  );
  scim.get(`${prefix}/ResourceTypes/:id`, { config, schema }, async (req, reply) =>
    send(reply, await resourceTypes(base(req.params), (req.params as { id: string }).id)),
  );
  scim.get(`${prefix}/Schemas`, { config, schema }, async (req, reply) =>
    send(reply, await schemas(base(req.params))),
  );
  scim.get(`${prefix}/Schemas/:id`, { config, schema }, async (req, reply) =>
    send(reply, await schemas(base(req.params), (req.params as { id: string }).id)),
  );

  scim.get(`${prefix}/Users`, { config, schema }, async (req, reply) => {
    const team = (req.params as TeamParams).organizationId;
    return send(reply, await listScimUsers(ctx, team, req.query as ListQuery));
  });
  scim.get(`${prefix}/Users/:id`, { config, schema }, async (req, reply) => {
    const { organizationId, id } = req.params as TeamParams & { id: string };
    return send(reply, await getScimUser(ctx, organizationId, id));
  });

  scim.post(`${prefix}/Users`, { config, schema }, async (req, reply) => {
    const team = (req.params as TeamParams).organizationId;
    return send(reply, await createScimUser(ctx, team, req.body, req.ip), 201);
  });
  scim.put(`${prefix}/Users/:id`, { config, schema }, async (req, reply) => {
    const { organizationId, id } = req.params as TeamParams & { id: string };
    return send(reply, await replaceScimUser(ctx, organizationId, id, req.body, req.ip));
  });
  scim.patch(`${prefix}/Users/:id`, { config, schema }, async (req, reply) => {
    const { organizationId, id } = req.params as TeamParams & { id: string };
    return send(reply, await patchScimUser(ctx, organizationId, id, req.body, req.ip));
  });
  scim.delete(`${prefix}/Users/:id`, { config, schema }, async (req, reply) => {
    const { organizationId, id } = req.params as TeamParams & { id: string };
    await deleteScimUser(ctx, organizationId, id, req.ip);
    return reply.code(204).send();
  });

  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  scim.route({
    method: [...methods],
    url: `${prefix}/Groups`,
    config,
    schema,
    handler: async () => {
      throw new ScimError(404, scimMessages.groupsUnsupported);
    },
  });
  scim.route({
    method: [...methods],
    url: `${prefix}/Groups/*`,
    config,
    schema,
    handler: async () => {
      throw new ScimError(404, scimMessages.groupsUnsupported);
    },
  });
  // Any other address under the base is SCIM's 404 (not the web app's page), once the token passed.
  scim.route({
    method: [...methods],
    url: `${prefix}/*`,
    config,
    schema,
    handler: async () => {
      throw new ScimError(404, scimMessages.notFound);
    },
  });
}
