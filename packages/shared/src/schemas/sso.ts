import { limits, security } from '../limits.ts';
import { fieldMessages } from '../messages.ts';
import { ssoMessages } from '../ssoTexts.ts';
import { z } from '../zodErrors.ts';
import { id } from './common.ts';

/** An http(s) address of the identity provider's side (part2 §5: url type, required). */
const idpUrl = z
  .string()
  .trim()
  .min(1, fieldMessages.required)
  .max(limits.samlUrlMax, fieldMessages.maxLength(limits.samlUrlMax))
  .pipe(z.url({ protocol: /^https?$/, error: ssoMessages.urlInvalid }));

/**
 * POST /api/Organization/{organizationId}/SamlConfig: the identity provider's values.
 * identityLabel is the IdP's entity id (the Issuer of its responses); loginUrl its single
 * sign-on address (HTTP-Redirect binding); certificate the PEM or base64 certificate it signs
 * with. The server checks that the certificate parses and is valid now.
 */
export const samlConfigEdit = z.object({
  identityLabel: idpUrl,
  loginUrl: idpUrl,
  certificate: z
    .string()
    .trim()
    .min(1, fieldMessages.required)
    .max(limits.samlCertificateMax, fieldMessages.maxLength(limits.samlCertificateMax)),
  /**
   * The IdP's next signing certificate while it rolls over (docs/sso.md "Certificate rollover"):
   * optional, empty for none. A response signed with either certificate is accepted; a team has
   * at most these two.
   */
  nextCertificate: z
    .string()
    .trim()
    .max(limits.samlCertificateMax, fieldMessages.maxLength(limits.samlCertificateMax))
    .optional(),
});
export type SamlConfigEdit = z.infer<typeof samlConfigEdit>;

/**
 * GET/POST …/SamlConfig: the editable values (empty strings before the first save) and ours,
 * read-only, for the IdP's administrator: appIdUri (our entity id for the team), ssoUrl (where a
 * sign-in starts), consumerUrl (the assertion consumer service) and samlConfig (our metadata XML,
 * also served at appIdUri). Ours exist before the first save, so the IdP can be set up first.
 */
export const samlConfig = z.object({
  loginProviderId: z.string(),
  configured: z.boolean(),
  identityLabel: z.string(),
  loginUrl: z.string(),
  certificate: z.string(),
  /** When the saved certificate stops being valid; null before the first save. */
  certificateValidTo: z.iso.datetime({ offset: true }).nullable(),
  /** The next certificate while the IdP rolls over, '' when there is none, and its end. */
  nextCertificate: z.string(),
  nextCertificateValidTo: z.iso.datetime({ offset: true }).nullable(),
  appIdUri: z.string(),
  ssoUrl: z.string(),
  consumerUrl: z.string(),
  samlConfig: z.string(),
});
export type SamlConfig = z.infer<typeof samlConfig>;

export const organizationParams = z.object({ organizationId: id });

/**
 * POST /api/Organization/{organizationId}/SamlConfig/Metadata: the identity provider's
 * federation metadata, as XML (pasted or read from a file) or an address the server fetches
 * once. Exactly one of the two. Nothing is saved: the answer fills the form.
 */
export const samlMetadataImport = z
  .object({
    xml: z.string().max(security.samlMetadata.maxBytes, ssoMessages.metadataTooLarge).optional(),
    url: z
      .string()
      .trim()
      .max(limits.samlUrlMax, fieldMessages.maxLength(limits.samlUrlMax))
      .pipe(z.url({ protocol: /^https?$/, error: ssoMessages.metadataUrlInvalid }))
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.xml !== undefined && v.url !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: ssoMessages.metadataOneSource });
    } else if (v.url === undefined && (v.xml ?? '').trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['xml'], message: ssoMessages.metadataMissing });
    }
  });
export type SamlMetadataImport = z.infer<typeof samlMetadataImport>;

/**
 * What the metadata says: the IdP's entity id (→ identityLabel), its HTTP-Redirect single
 * sign-on address (→ loginUrl) and its signing certificates (base64 DER as published, with when
 * each stops being valid; the first valid one → certificate), for the admin to review and save.
 */
export const samlMetadataValues = z.object({
  entityId: z.string(),
  loginUrl: z.string(),
  certificates: z.array(
    z.object({
      certificate: z.string(),
      validTo: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
});
export type SamlMetadataValues = z.infer<typeof samlMetadataValues>;
