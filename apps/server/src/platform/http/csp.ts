import type { Config } from '../../config.ts';
import { GCS_ORIGIN } from '../storage/gcs-storage.ts';

/** The origin (scheme, host, port) of a configured address, or nothing for an unusable one. */
function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? [u.origin] : [];
  } catch {
    return [];
  }
}

/**
 * The other hosts the dashboard really talks to under this configuration, by what it does with
 * them. Nothing is allowed by scheme alone (`https:`): a host is listed only when a setting names
 * it, so an injected script or markup could neither send data to nor load from anywhere else.
 */
export function externalOrigins(config: Config) {
  // Signed upload and download addresses of the GCS driver: uploads (fetch/XHR), pictures,
  // video and audio in the viewers. The local driver serves them from this server ('self').
  const storage = config.storage.driver === 'gcs' ? [GCS_ORIGIN] : [];
  // The tutorials list is fetched, and its thumbnails and clips shown, from the content host.
  const tutorials = originOf(config.tutorialsUrl);
  // The avatar builder runs in an iframe and talks to the page by postMessage only.
  const avatarBuilder = originOf(config.avatarBuilderUrl);
  // The card payment provider's hosts go here once it is built (not yet: payments are not
  // part of this server). Stripe.js, for example, needs https://js.stripe.com in scriptSrc and
  // frameSrc, https://api.stripe.com in connectSrc and https://hooks.stripe.com in frameSrc.
  // Stripe.js and its card frames, only when Stripe is configured (docs/billing.md); the
  // built-in simulator is this origin.
  const stripe = config.stripe !== undefined;
  const payments = {
    script: stripe ? ['https://js.stripe.com'] : [],
    connect: stripe ? ['https://api.stripe.com'] : [],
    frame: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [],
    img: stripe ? ['https://*.stripe.com'] : [],
  };
  return { storage, tutorials, avatarBuilder, payments };
}

const unique = (...lists: string[][]) => [...new Set(lists.flat())];

/** The Content-Security-Policy directives of the dashboard for this configuration. */
export function contentSecurityDirectives(config: Config) {
  const { storage, tutorials, avatarBuilder, payments } = externalOrigins(config);
  return {
    defaultSrc: ["'self'"],
    // The 3D viewer decodes compressed models (meshopt, KTX2, Draco) with WebAssembly, and
    // Draco in a worker made from a blob: address. 'wasm-unsafe-eval' allows compiling
    // WebAssembly only, not JavaScript eval.
    scriptSrc: unique(["'self'", "'wasm-unsafe-eval'"], payments.script),
    workerSrc: ["'self'", 'blob:'],
    // Mantine injects style tags at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // data: and blob: are thumbnails and previews the browser makes itself.
    imgSrc: unique(["'self'", 'data:', 'blob:'], storage, tutorials, payments.img),
    mediaSrc: unique(["'self'", 'blob:'], storage, tutorials),
    connectSrc: unique(["'self'"], storage, tutorials, payments.connect),
    frameSrc: unique(["'self'"], avatarBuilder, payments.frame),
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
