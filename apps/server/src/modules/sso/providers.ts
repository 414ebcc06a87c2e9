import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { organizations, samlProviders, userLogins } from '../../db/schema.ts';
import { organizationOfProvider } from './addresses.ts';
import type { Provider } from './serviceProvider.ts';

/** A configured provider by its login provider id, or null. */
export async function providerById(db: DbOrTx, providerId: string): Promise<Provider | null> {
  const [row] = await db.select().from(samlProviders).where(eq(samlProviders.id, providerId));
  return row ?? null;
}

/** Whether a provider id names an existing team, set up or not (its metadata can be read). */
export async function teamOfProviderExists(ctx: AppContext, providerId: string) {
  const organizationId = organizationOfProvider(providerId);
  if (!organizationId) return false;
  const [team] = await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return team !== undefined;
}

/** A user's single sign-on logins whose team provider is set up, named by the team. */
export async function ssoLoginsOf(ctx: AppContext, userId: string) {
  return ctx.db
    .select({ loginProviderId: samlProviders.id, displayName: organizations.name })
    .from(userLogins)
    .innerJoin(samlProviders, eq(samlProviders.id, userLogins.loginProviderId))
    .innerJoin(organizations, eq(organizations.id, samlProviders.organizationId))
    .where(eq(userLogins.userId, userId))
    .orderBy(asc(organizations.name));
}
