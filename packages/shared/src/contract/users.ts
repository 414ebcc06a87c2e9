import {
  changePasswordCommand,
  changePasswordResult,
  confirmCommand,
  forgotPasswordCommand,
  loginsQuery,
  loginsResult,
  logoutQuery,
  me,
  meEdit,
  membershipList,
  registerBody,
  registerResult,
  resetPasswordCommand,
  success,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer } from './common.ts';
import { endpoint } from './define.ts';

export const usersApi = {
  register: endpoint('PUT', '/api/Users/Register', {
    tags: ['Account'],
    summary: 'Register; sends an activation email',
    body: registerBody,
    response: { 200: registerResult },
  }),

  confirm: endpoint('POST', '/api/Users/Confirm', {
    tags: ['Account'],
    summary: 'Activate an account with the emailed token and set its password',
    body: confirmCommand,
    response: { 200: success },
  }),

  forgotPassword: endpoint('POST', '/api/Users/ForgotPassword', {
    tags: ['Account'],
    summary: 'Email a password reset link (same answer for any address)',
    body: forgotPasswordCommand,
    response: { 200: success },
  }),

  resetPassword: endpoint('POST', '/api/Users/ResetPassword', {
    tags: ['Account'],
    summary: 'Set a new password with the emailed token; ends every session',
    body: resetPasswordCommand,
    response: { 200: success },
  }),

  changePassword: endpoint('POST', '/api/Users/ChangePassword', {
    tags: ['Account'],
    security: bearer,
    summary: "Change the caller's password; ends the caller's other sessions",
    body: changePasswordCommand,
    response: { 200: changePasswordResult },
  }),

  me: endpoint('GET', '/api/Users/Me', {
    tags: ['Users'],
    security: bearer,
    summary: "The caller's own account: profile, logins, subscriptions and teams",
    response: { 200: me },
  }),

  editMe: endpoint('PATCH', '/api/Users/Me', {
    tags: ['Users'],
    security: bearer,
    summary: "Edit the caller's name, position and avatar, or accept the terms and privacy policy",
    body: meEdit,
    response: { 200: me },
  }),

  myTeams: endpoint('GET', '/api/Users/Me/Organizations', {
    tags: ['Users'],
    security: bearer,
    summary: "The caller's teams, with their role and license in each",
    response: { 200: membershipList },
  }),

  logins: endpoint('GET', '/api/LinkedAccounts/Logins', {
    tags: ['Account'],
    summary: 'Login providers to offer for an email address',
    querystring: loginsQuery,
    response: { 200: loginsResult },
  }),

  logout: endpoint('GET', '/api/Users/Logout', {
    tags: ['Account'],
    security: bearer,
    summary: "End the caller's session; with seatKey, free the seat that device holds",
    querystring: logoutQuery,
    response: { 204: z.null().describe('No content') },
  }),
};
