import { hash, verify } from '@node-rs/argon2';

/** argon2id at the OWASP minimum (19 MiB, 2 iterations, 1 lane). */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const params = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, params);

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the account is unknown, so timing does not tell. */
let dummy: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword('roomscale-timing-equaliser');
  await verifyPassword(await dummy, password);
}
