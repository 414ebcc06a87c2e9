import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random, URL-safe: emailed tokens and refresh tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as SHA-256 hashes; a leaked table reveals no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
