import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { adminRoutes } from './admin/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { contentModule } from './content/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { guestFileRoutes } from './guests/files.ts';
import { guestRoutes } from './guests/routes.ts';
import { licenseRoutes } from './licenses/routes.ts';
import { meetingRoutes } from './meetings/routes.ts';
import { metaRoutes } from './meta/routes.ts';
import { organizationRoutes } from './organizations/routes.ts';
import { profileImageRoutes } from './profileImages/routes.ts';
import { roomRoutes } from './rooms/routes.ts';
import { roomTemplateRoutes } from './roomTemplates/routes.ts';
import { seatRoutes } from './seats/routes.ts';
import { ssoRoutes } from './sso/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { teamUserRoutes } from './teamUsers/routes.ts';
import { userRoutes } from './users/routes.ts';

export type Module = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/** Every feature module of the API, in registration order. */
export const modules: Module[] = [];
modules.push(contentModule);
modules.push(authRoutes, userRoutes, organizationRoutes);
modules.push(storageRoutes);
modules.push(roomTemplateRoutes, roomRoutes, meetingRoutes);
modules.push(teamUserRoutes, profileImageRoutes);
modules.push(fileRoutes);
modules.push(seatRoutes);
modules.push(guestRoutes, guestFileRoutes);
modules.push(adminRoutes, licenseRoutes, auditRoutes);
modules.push(ssoRoutes);
modules.push(metaRoutes);
modules.push(billingRoutes);
