/**
 * The title of every route (`pageTitle(routeTitles.x)`; the document title and the route
 * table's flags), in one small module: the route table is part of the first load, and taking a
 * title from a section's texts would bring all of that section's copy with it. The sections'
 * headings that read the same take their text from here. Quoted ones are the spec's.
 */
export const routeTitles = {
  dashboard: 'Welcome',
  organizationResolve: 'Loading',
  organizationCreate: 'Create a Team',
  downloads: 'Download',
  login: 'Log in',
  register: 'Register',
  registerComplete: 'Registration complete',
  forgotPassword: 'Forgot password',
  resetPassword: 'Reset password',
  activateAccount: 'Activate account',
  userRegister: 'Complete your registration',
  createAvatar: 'Create your avatar',
  invitation: 'Team invitation',
  meetings: 'Meetings',
  launch: 'Launch',
  singleSignOn: 'Single sign-on',
  profile: 'Profile',
  editAvatar: 'Edit avatar',
  metaCallback: 'Link Meta account',
  rooms: 'Rooms',
  files: 'Files',
  recentFiles: 'Recent files',
  recentNotes: 'Recent notes',
  personalFiles: 'Personal files',
  teamFiles: 'Team files',
  team: 'Team',
  teamUsers: 'Team users',
  teamDetails: 'Team details',
  subscription: 'Subscription',
  billingDetails: 'Billing details', // spec
  plan: 'Choose a plan',
  confirmOrder: 'Finalize order', // spec
  teamAuditLog: 'Audit log',
  teamUsage: 'Usage',
  admin: 'Admin',
  roomTemplate: 'Room template',
  adminUsers: 'Users',
  adminTeams: 'Teams',
  roomTemplates: 'Room templates',
  adminAuditLog: 'Audit log',
} as const;
