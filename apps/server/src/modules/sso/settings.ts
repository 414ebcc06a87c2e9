import { publicTexts, type SamlConfig, type SamlConfigEdit } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { organizations, samlProviders } from '../../db/schema.ts';
import { notFound } from '../../platform/http/problem.ts';
import { changedFields, type PersonActor, recordAudit } from '../audit/record.ts';
import { providerIdOf, spAddresses } from './addresses.ts';
import { readCertificate } from './certificate.ts';
import { ADDRESS_ATTRIBUTES, ADDRESS_NAMEID_FORMATS } from './checks.ts';
import { scheduleExpiryWarnings } from './expiryWarnings.ts';
import { providerById } from './providers.ts';
import type { Provider } from './serviceProvider.ts';

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ATTRNAME_BASIC = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';
const ATTRNAME_URI = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';

/**
 * Our SAML metadata for a provider (docs/sso.md "Our metadata"): entity id, the consumer service
 * (HTTP-POST), signed assertions wanted, and what the user key is read from — the NameID formats
 * whose value we take as the address, and the attributes that may carry it, as
 * RequestedAttribute of an AttributeConsumingService (none required: the NameID may carry it).
 */
export function spMetadata(config: Config, providerId: string): string {
  const sp = spAddresses(config, providerId);
  const attributes = ADDRESS_ATTRIBUTES.map((name) => {
    const format = name.includes(':') ? ATTRNAME_URI : ATTRNAME_BASIC;
    return `      <md:RequestedAttribute Name="${escapeXml(name)}" NameFormat="${format}" isRequired="false"/>`;
  });
  return [
    '<?xml version="1.0"?>',
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeXml(sp.appIdUri)}">`,
    '  <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="false" WantAssertionsSigned="true">',
    ...ADDRESS_NAMEID_FORMATS.map((f) => `    <md:NameIDFormat>${f}</md:NameIDFormat>`),
    `    <md:AssertionConsumerService index="1" isDefault="true" Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeXml(sp.consumerUrl)}"/>`,
    '    <md:AttributeConsumingService index="1" isDefault="true">',
    `      <md:ServiceName xml:lang="en">${escapeXml(publicTexts.productName)}</md:ServiceName>`,
    ...attributes,
    '    </md:AttributeConsumingService>',
    '  </md:SPSSODescriptor>',
    '</md:EntityDescriptor>',
    '',
  ].join('\n');
}

function present(config: Config, providerId: string, p: Provider | null): SamlConfig {
  return {
    loginProviderId: providerId,
    configured: p !== null,
    identityLabel: p?.idpEntityId ?? '',
    loginUrl: p?.loginUrl ?? '',
    certificate: p?.certificate ?? '',
    certificateValidTo: p?.certificateValidTo.toISOString() ?? null,
    nextCertificate: p?.nextCertificate ?? '',
    nextCertificateValidTo: p?.nextCertificateValidTo?.toISOString() ?? null,
    ...spAddresses(config, providerId),
    samlConfig: spMetadata(config, providerId),
  };
}

/** GET …/SamlConfig: the team's settings, and ours, which exist before the first save. */
export async function getSamlConfig(ctx: AppContext, organizationId: string): Promise<SamlConfig> {
  const providerId = providerIdOf(organizationId);
  return present(ctx.config, providerId, await providerById(ctx.db, providerId));
}

/**
 * POST …/SamlConfig: saves the identity provider's values (the certificate checked first) and
 * marks the team as offering single sign-on, displayed under the team's name. One transaction
 * with its audit entry.
 */
export async function saveSamlConfig(
  ctx: AppContext,
  actor: PersonActor,
  organizationId: string,
  edit: SamlConfigEdit,
): Promise<SamlConfig> {
  const now = ctx.clock.now();
  const { pem, validTo } = readCertificate(edit.certificate, now);
  // The next certificate while the IdP rolls over: read like the current one. It may not be
  // valid yet (an IdP publishes it ahead), but must parse and not have run out.
  const next = edit.nextCertificate
    ? readCertificate(edit.nextCertificate, now, 'nextCertificate', { notYetValid: true })
    : null;
  const providerId = providerIdOf(organizationId);
  const saved = await ctx.db.transaction(async (tx) => {
    const [team] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    if (!team) throw notFound();
    const before = await providerById(tx, providerId);
    const values = {
      idpEntityId: edit.identityLabel,
      loginUrl: edit.loginUrl,
      certificate: pem,
      certificateValidTo: validTo,
      nextCertificate: next?.pem ?? null,
      nextCertificateValidTo: next?.validTo ?? null,
    };
    const [row] = await tx
      .insert(samlProviders)
      .values({ id: providerId, organizationId, ...values, created: now, createdBy: actor.userId })
      .onConflictDoUpdate({
        target: samlProviders.id,
        set: { ...values, lastModified: now, lastModifiedBy: actor.userId },
      })
      .returning();
    await tx
      .update(organizations)
      .set({ samlLoginProviderId: providerId, samlLoginDisplayName: team.name })
      .where(eq(organizations.id, organizationId));
    const audited = (p: typeof values | null): Record<string, unknown> => ({
      identityLabel: p?.idpEntityId ?? null,
      loginUrl: p?.loginUrl ?? null,
      certificateValidTo: p?.certificateValidTo.toISOString() ?? null,
      nextCertificateValidTo: p?.nextCertificateValidTo?.toISOString() ?? null,
    });
    await scheduleExpiryWarnings(tx, row!, now);
    const diff = changedFields(audited(before), audited(values));
    await recordAudit(tx, now, actor, {
      action: 'sso.configure',
      organizationId,
      before: diff.before,
      after: diff.after,
    });
    return row!;
  });
  return present(ctx.config, providerId, saved);
}
