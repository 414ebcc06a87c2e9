import {
  id,
  invitationOpen,
  membership,
  teamInvitation,
  teamInvitationList,
  teamUser,
  teamUserAdd,
  teamUserEdit,
  teamUserList,
  teamUserListQuery,
} from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import {
  acceptInvitation,
  declineInvitation,
  myInvitations,
  openMyInvitation,
} from './invitations.ts';
import { addTeamUser, editTeamUser, removeTeamUser } from './manage.ts';
import { listTeamUsers } from './service.ts';

const tags = ['Team users'];
const security = [{ bearer: [] }];

export function teamUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Organizations/:organizationId/Users',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: "One page of the team's members, optionally filtered by name or email",
        params: z.object({ organizationId: id }),
        querystring: teamUserListQuery,
        response: { 200: teamUserList },
      },
    },
    (req) => listTeamUsers(ctx, teamOf(req), req.query),
  );
  r.put(
    '/api/Organizations/:organizationId/Users',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary:
          'Invite a user: a new address gets an account and a link to set a password; an existing account a pending invitation to accept (hourly limits per team and admin: 429)',
        params: z.object({ organizationId: id }),
        body: teamUserAdd,
        response: { 200: teamUser },
      },
    },
    (req) => addTeamUser(ctx, teamOf(req), callerOf(req).userId, req.body),
  );

  const member = z.object({ organizationId: id, userId: id });

  r.patch(
    '/api/Organizations/:organizationId/Users/:userId',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: "Edit a member's names, position, role and license",
        params: member,
        body: teamUserEdit,
        response: { 200: teamUser },
      },
    },
    (req) => editTeamUser(ctx, teamOf(req), callerOf(req).userId, req.params.userId, req.body),
  );

  r.delete(
    '/api/Organizations/:organizationId/Users/:userId',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: 'Remove a member from the team (the account stays)',
        params: member,
      },
    },
    async (req, reply) => {
      await removeTeamUser(ctx, teamOf(req), callerOf(req).userId, req.params.userId);
      return reply.code(204).send();
    },
  );

  // The invited person's side: their open invitations, and the answer.
  const invitationTags = ['Team invitations'];
  r.get(
    '/api/Users/Me/Invitations',
    {
      config: { access: 'user' },
      schema: {
        tags: invitationTags,
        security,
        summary: "The caller's open invitations to join teams (the user menu's Teams list)",
        response: { 200: teamInvitationList },
      },
    },
    (req) => myInvitations(ctx, callerOf(req).userId),
  );
  r.post(
    '/api/Users/Me/Invitations/Open',
    {
      config: { access: 'user' },
      schema: {
        tags: invitationTags,
        security,
        summary: "The invitation of an emailed link's token; only the invited account may open it",
        body: invitationOpen,
        response: { 200: teamInvitation },
      },
    },
    (req) => openMyInvitation(ctx, callerOf(req).userId, req.body.token),
  );
  const invitationParams = z.object({ invitationId: id });
  r.post(
    '/api/Users/Me/Invitations/:invitationId/Accept',
    {
      config: { access: 'user' },
      schema: {
        tags: invitationTags,
        security,
        summary: 'Accept an invitation: the caller joins the team; answers the new membership',
        params: invitationParams,
        response: { 200: membership },
      },
    },
    (req) => acceptInvitation(ctx, callerOf(req).userId, req.params.invitationId),
  );
  r.post(
    '/api/Users/Me/Invitations/:invitationId/Decline',
    {
      config: { access: 'user' },
      schema: {
        tags: invitationTags,
        security,
        summary: 'Decline an invitation: the team sees it no more',
        params: invitationParams,
      },
    },
    async (req, reply) => {
      await declineInvitation(ctx, callerOf(req).userId, req.params.invitationId);
      return reply.code(204).send();
    },
  );
}
