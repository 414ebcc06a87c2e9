import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { problem } from '@roomscale/shared';
import { contract } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access.ts';

/**
 * The OpenAPI document (`/api/openapi.json`, Swagger UI at `/api/docs`), generated from the route
 * definitions: each route's zod schemas (fastify-type-provider-zod) and its access rule. It lints
 * clean under Redocly's recommended rules (`npm run lint:openapi`, redocly.yaml; openapi.test.ts),
 * which every operation meets here, in one place, rather than on each route:
 * - operationId: the call's name in the shared contract, `<feature>_<call>` (`roomsApi.list` is
 *   `rooms_list`), the name client generators give their methods (NSwag makes a client per
 *   feature from the part before `_`); routes outside the contract are named below;
 * - security: as the route declares it, else from its access rule: `[]` on public routes, the
 *   bearer token elsewhere;
 * - every error is an RFC 9457 problem (`4XX`, `5XX`);
 * - the storage route's wildcard is the path parameter `key`;
 * - OpenAPI 3.0 has no null type: a nullable union or reference gets a null branch.
 */
export async function registerOpenapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Roomscale API',
        version: '1.0.0',
        description:
          'The API of the Roomscale web dashboard and VR app. Errors are RFC 9457 problem ' +
          'documents (`application/problem+json`).',
      },
      // Relative: the server that serves the document, the same document on every server.
      servers: [{ url: '/', description: 'This Roomscale server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "A user's access token, or a guest's on the guest routes",
          },
          signedAddress: {
            type: 'apiKey',
            in: 'query',
            name: 'signature',
            description: 'A signed address: its `expires` and `signature`, as the server gave it',
          },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document) as {
        schema: Record<string, unknown>;
        url: string;
      };
      if (schema.hide) return { schema, url };
      nullBranches(schema);
      // A route's own declaration stands (the contract's calls name the token they take);
      // otherwise the access rule says. Routes outside /api (SAML's) have none: nothing checks
      // a token there.
      const access: Access = document.route.config?.access ?? 'public';
      schema.security ??= access === 'public' ? [] : [{ bearer: [] }];
      return url.endsWith('*') ? namedWildcard(schema, url) : { schema, url };
    },
    transformObject: (document) =>
      completeOperations(('openapiObject' in document ? document.openapiObject : {}) as Document),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () =>
    app.swagger(),
  );
}

/**
 * The operations of routes outside the contract, whose protocols are Google's (storage), Stripe's
 * and SAML's.
 */
const ownProtocolOperations: Record<string, string> = {
  'GET /saml/{providerId}': 'sso_samlSignIn',
  'POST /saml/{providerId}/acs': 'sso_samlAssertion',
  'GET /saml/{providerId}/metadata': 'sso_samlMetadata',
  'POST /api/Storage/b/{key}': 'storage_startUpload',
  'PUT /api/Storage/b/{key}': 'storage_uploadChunk',
  'GET /api/Storage/b/{key}': 'storage_download',
  'HEAD /api/Storage/b/{key}': 'storage_downloadHead',
  'POST /api/StripeWebhooks': 'billing_webhook',
};

/** `METHOD /openapi/{path}` of every call in the contract → its operationId. */
const contractOperations = new Map(
  Object.entries(contract).flatMap(([feature, calls]) =>
    Object.entries(calls).map(([name, e]) => [
      `${e.method} ${e.path.replace(/:([A-Za-z]\w*)/g, '{$1}')}`,
      `${feature}_${name}`,
    ]),
  ),
);

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const problemAnswer = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

type Document = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
};

/**
 * Names every operation and gives it its problem answers. An operation with no name fails the
 * document (a new route outside the contract must be named in ownProtocolOperations).
 */
function completeOperations(doc: Document): Document {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of httpMethods) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const operationId = contractOperations.get(key) ?? ownProtocolOperations[key];
      if (!operationId) throw new Error(`OpenAPI: no operationId for ${key}`);
      // GET and HEAD of one route share one operation object: each gets its own.
      const own: Record<string, unknown> = { operationId, ...op };
      own.responses = {
        ...(op.responses as object),
        '4XX': problemAnswer(
          'A problem: invalid input (with a message per field), no or an expired token, ' +
            'not allowed, not found, a conflict or too many requests',
        ),
        '5XX': problemAnswer('A problem: the server failed, or is unavailable for a moment'),
      };
      item[method] = own;
    }
  }
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      Problem: z.toJSONSchema(problem, { target: 'openapi-3.0' }) as Record<string, unknown>,
    },
  };
  return doc;
}

/** `/api/Storage/b/*` → `/api/Storage/b/{key}`: `*` is no parameter name. */
function namedWildcard(schema: Record<string, unknown>, url: string) {
  return {
    url: `${url.slice(0, -1)}:key`,
    schema: {
      ...schema,
      params: {
        type: 'object',
        properties: {
          key: {
            type: 'string',
            description: "The object's key, slashes included, as the signed address names it",
          },
        },
        required: ['key'],
      },
    },
  };
}

/** What zod's openapi-3.0 output writes for `z.null()`. */
const nullSchema = { type: 'string', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0's `nullable` means something only beside a `type`; fastify-type-provider-zod
 * writes a nullable union as `{anyOf: [...], nullable: true}`. Such a schema gets a null branch
 * instead (in place, through the whole schema).
 */
export function nullBranches(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullBranches(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const s = node as Record<string, unknown>;
  for (const value of Object.values(s)) nullBranches(value);
  if (s.nullable !== true || 'type' in s) return;
  delete s.nullable;
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (branches) {
    branches.push({ ...nullSchema });
    return;
  }
  const rest = { ...s };
  for (const k of Object.keys(s)) delete s[k];
  s.anyOf = [rest, { ...nullSchema }];
}
