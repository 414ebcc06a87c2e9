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
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Team users'];
const member = z.object({ organizationId: id, userId: id });
const invitationTags = ['Team invitations'];
const invitationParams = z.object({ invitationId: id });

export const teamUsersApi = {
  list: endpoint('GET', '/api/Organizations/:organizationId/Users', {
    tags,
    security,
    summary: "One page of the team's members, optionally filtered by name or email",
    params: z.object({ organizationId: id }),
    querystring: teamUserListQuery,
    response: { 200: teamUserList },
  }),

  add: endpoint('PUT', '/api/Organizations/:organizationId/Users', {
    tags,
    security,
    summary:
      'Invite a user: a new address gets an account and a link to set a password; an existing account a pending invitation to accept (hourly limits per team and admin: 429)',
    params: z.object({ organizationId: id }),
    body: teamUserAdd,
    response: { 200: teamUser },
  }),

  edit: endpoint('PATCH', '/api/Organizations/:organizationId/Users/:userId', {
    tags,
    security,
    summary: "Edit a member's names, position, role and license",
    params: member,
    body: teamUserEdit,
    response: { 200: teamUser },
  }),

  remove: endpoint('DELETE', '/api/Organizations/:organizationId/Users/:userId', {
    tags,
    security,
    summary: 'Remove a member from the team (the account stays)',
    params: member,
  }),

  myInvitations: endpoint('GET', '/api/Users/Me/Invitations', {
    tags: invitationTags,
    security,
    summary: "The caller's open invitations to join teams (the user menu's Teams list)",
    response: { 200: teamInvitationList },
  }),

  openInvitation: endpoint('POST', '/api/Users/Me/Invitations/Open', {
    tags: invitationTags,
    security,
    summary: "The invitation of an emailed link's token; only the invited account may open it",
    body: invitationOpen,
    response: { 200: teamInvitation },
  }),

  acceptInvitation: endpoint('POST', '/api/Users/Me/Invitations/:invitationId/Accept', {
    tags: invitationTags,
    security,
    summary: 'Accept an invitation: the caller joins the team; answers the new membership',
    params: invitationParams,
    response: { 200: membership },
  }),

  declineInvitation: endpoint('POST', '/api/Users/Me/Invitations/:invitationId/Decline', {
    tags: invitationTags,
    security,
    summary: 'Decline an invitation: the team sees it no more',
    params: invitationParams,
  }),
};
