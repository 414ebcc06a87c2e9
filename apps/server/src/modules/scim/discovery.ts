import { scimLimits } from '@roomscale/shared';
import SCIMMY from 'scimmy';

/**
 * The discovery documents (RFC 7643 §5–7), rendered by scimmy from its User schema cut down to
 * the attributes we map (docs/scim.md): the others are not stored, so announcing them would
 * invite an identity provider to send values we drop. Groups are not declared: no resource type,
 * no schema, and ServiceProviderConfig says what is not supported (bulk, sort, etag, password).
 * scimmy's declarations are process-wide; everything per team (the locations) is added here per
 * request.
 */
export const unmapped = [
  'displayName',
  'nickName',
  'profileUrl',
  'userType',
  'preferredLanguage',
  'locale',
  'timezone',
  'password',
  'phoneNumbers',
  'ims',
  'photos',
  'addresses',
  'groups',
  'entitlements',
  'roles',
  'x509Certificates',
];

let declared = false;
export function declare() {
  if (declared) return;
  declared = true;
  SCIMMY.Schemas.User.definition.truncate(...unmapped);
  SCIMMY.Resources.declare(SCIMMY.Resources.User);
  SCIMMY.Config.set({
    documentationUri: undefined,
    patch: true,
    filter: { supported: true, maxResults: scimLimits.maxResults },
    bulk: false,
    changePassword: false,
    sort: false,
    etag: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "The team's SCIM token, created by a team admin on the Single sign-on tab",
        primary: true,
      },
    ],
  });
}

type Doc = Record<string, unknown> & { meta?: Record<string, unknown>; id?: string };
type List = Record<string, unknown> & { Resources: Doc[] };

const isList = (doc: Doc): doc is List => Array.isArray(doc.Resources);

const located = (doc: Doc, location: string): Doc => ({
  ...doc,
  meta: { ...doc.meta, location },
});

export async function serviceProviderConfig(baseUrl: string) {
  declare();
  const doc = (await new SCIMMY.Resources.ServiceProviderConfig().read()) as unknown as Doc;
  return located(JSON.parse(JSON.stringify(doc)), `${baseUrl}/ServiceProviderConfig`);
}

/** GET /ResourceTypes (a list) or /ResourceTypes/{id}; an unknown id is scimmy's SCIM 404. */
export async function resourceTypes(baseUrl: string, id?: string) {
  declare();
  const read = await new SCIMMY.Resources.ResourceType(id).read();
  const doc = JSON.parse(JSON.stringify(read)) as Doc;
  const at = (d: Doc) => located(d, `${baseUrl}/ResourceTypes/${d.id}`);
  return isList(doc) ? { ...doc, Resources: doc.Resources.map(at) } : at(doc);
}

/** GET /Schemas (a list) or /Schemas/{urn}; an unknown id is scimmy's SCIM 404. */
export async function schemas(baseUrl: string, id?: string) {
  declare();
  const read = await new SCIMMY.Resources.Schema(id).read();
  const doc = JSON.parse(JSON.stringify(read)) as Doc;
  const at = (d: Doc) => located(d, `${baseUrl}/Schemas/${d.id}`);
  return isList(doc) ? { ...doc, Resources: doc.Resources.map(at) } : at(doc);
}
