import {
  adminListQuery,
  adminMembershipEdit,
  adminOrganization,
  adminOrganizationCreate,
  adminOrganizationCreated,
  adminOrganizationEdit,
  adminOrganizationEdited,
  adminOrganizationPage,
  adminOrganizationUser,
  adminOverview,
  adminUser,
  adminUserCreate,
  adminUserEdit,
  adminUserPage,
  adminUserRow,
  id,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { noContent, bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const userParams = z.object({ userId: id });
const teamParams = z.object({ organizationId: id });

/** The super-admin calls of part1 §7 Admin (users, teams, memberships, the overview). */
export const adminApi = {
  overview: endpoint('GET', '/api/Admin/Overview', {
    tags: ['Admin'],
    security,
    summary: 'User, team and download counts',
    response: { 200: adminOverview },
  }),

  createUser: endpoint('PUT', '/api/Admin/Users', {
    tags: ['Admin: users'],
    security,
    summary: 'Create a user; they get the activation email registration sends',
    body: adminUserCreate,
    response: { 200: adminUserRow },
  }),

  listUsers: endpoint('GET', '/api/Admin/Users', {
    tags: ['Admin: users'],
    security,
    summary: 'Users by name; Filter matches first name, last name, full name and email',
    querystring: adminListQuery,
    response: { 200: adminUserPage },
  }),

  getUser: endpoint('GET', '/api/Admin/Users/:userId', {
    tags: ['Admin: users'],
    security,
    summary: 'One user with logins and teams',
    params: userParams,
    response: { 200: adminUser },
  }),

  editUser: endpoint('PATCH', '/api/Admin/Users/:userId', {
    tags: ['Admin: users'],
    security,
    summary: 'Edit names, position, super admin and the manual user license',
    params: userParams,
    body: adminUserEdit,
    response: { 200: adminUser },
  }),

  deleteUser: endpoint('DELETE', '/api/Admin/Users/:userId', {
    tags: ['Admin: users'],
    security,
    summary:
      'Delete a user for good: memberships, personal files and their stored objects, own rooms, meetings and seat',
    params: userParams,
    response: noContent,
  }),

  createOrganization: endpoint('PUT', '/api/Admin/Organizations', {
    tags: ['Admin: teams'],
    security,
    summary: 'Create a team from a name (no members yet)',
    body: adminOrganizationCreate,
    response: { 200: adminOrganizationCreated },
  }),

  listOrganizations: endpoint('GET', '/api/Admin/Organizations', {
    tags: ['Admin: teams'],
    security,
    summary: 'Teams by name; Filter matches name and company name',
    querystring: adminListQuery,
    response: { 200: adminOrganizationPage },
  }),

  getOrganization: endpoint('GET', '/api/Admin/Organizations/:organizationId', {
    tags: ['Admin: teams'],
    security,
    summary: 'One team with its members, licenses and payment customer',
    params: teamParams,
    response: { 200: adminOrganization },
  }),

  editOrganization: endpoint('PATCH', '/api/Admin/Organizations/:organizationId', {
    tags: ['Admin: teams'],
    security,
    summary: 'Edit name, company name, industry, self managed and the payment customer id',
    params: teamParams,
    body: adminOrganizationEdit,
    response: { 200: adminOrganizationEdited },
  }),

  deleteOrganization: endpoint('DELETE', '/api/Admin/Organizations/:organizationId', {
    tags: ['Admin: teams'],
    security,
    summary: 'Delete a team for good: memberships, files and their stored objects, rooms, meetings',
    params: teamParams,
    response: noContent,
  }),

  editMembership: endpoint('PATCH', '/api/Admin/Organizations/:organizationId/Users/:userId', {
    tags: ['Admin: teams'],
    security,
    summary:
      "Set a user's role and license type in a team (adds them if needed; None and None removes)",
    params: z.object({ organizationId: id, userId: id }),
    body: adminMembershipEdit,
    response: { 200: adminOrganizationUser },
  }),
};
