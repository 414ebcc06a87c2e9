import { routeTitles } from '@roomscale/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import type { RouteFlags } from '../session/guard.ts';
import {
  ActivateAccountPage,
  AdminLayout,
  AdminOverviewPage,
  AdminTeamEditPage,
  AdminTeamsPage,
  AdminUserEditPage,
  AdminUsersPage,
  AuditLogPage,
  BillingCustomerPage,
  ConfirmOrderPage,
  CreateAvatarPage,
  DashboardPage,
  DownloadsPage,
  FilesHomePage,
  FilesLayout,
  FolderRedirect,
  ForgotPasswordPage,
  InvitationPage,
  LaunchPage,
  LibraryPage,
  MeetingsPage,
  MetaCallbackPage,
  OrganizationCreatePage,
  OrganizationResolvePage,
  PlanPage,
  ProfilePage,
  RecentFilesPage,
  RegisterCompletePage,
  RegisterPage,
  ResetPasswordPage,
  RoomsPage,
  RoomTemplateEditPage,
  RoomTemplatesPage,
  SamlConfigPage,
  SsoTokenPage,
  SubscriptionPage,
  TeamAuditPage,
  TeamDetailsPage,
  TeamLayout,
  TeamUsagePage,
  TeamUsersPage,
  UserRegisterPage,
} from './lazyScreens.ts';
import type { ScreenCalls } from './prefetch.ts';

/**
 * A screen a signed-in full load usually lands on: as soon as the session knows the team, the
 * code of `screens` and the first calls `calls` (prefetch.ts) start, beside the login's own
 * calls rather than once the route renders (screenStart.ts).
 */
export type EarlyStart = { screens: { preload: () => void }[]; calls?: ScreenCalls };

export type AppRoute = {
  /** Relative to the parent for children; '' is the parent's index. */
  path: string;
  flags: RouteFlags;
  element: ReactNode;
  /** Screens inside this one's layout (it renders an <Outlet />). */
  children?: AppRoute[];
  /** Started early when this is the innermost route of the address opening. */
  early?: EarlyStart;
};

/** Presets of the route table; a route spreads one and adds its title and extras. */
const open: RouteFlags = { loginNeeded: false, teamRequired: false, navbar: false, footer: false };
/** Signed in, the full shell, no team needed. */
const signedIn: RouteFlags = { loginNeeded: true, teamRequired: false, navbar: true, footer: true };
/** Signed in with a current team, the full shell. */
const inTeam: RouteFlags = { ...signedIn, teamRequired: true };
/** Onboarding steps: signed in, no shell, before a team or an avatar exists. */
const onboarding: RouteFlags = { ...signedIn, navbar: false, footer: false, avatarRequired: false };
/** The super-admin area: signed in, no team needed. */
const superAdmin: RouteFlags = { ...signedIn, superAdmin: true };

/**
 * The route table of part1 §2, as data. Adding a screen is one entry here; the frame applies the
 * guard, the title and the shell from the flags. Any other path redirects to the root.
 * Later screens: rooms, meetings, files… (inTeam), team… (signedIn / inTeam, `teamRole: 'Admin'`),
 * profile (signedIn), admin… (signedIn, `superAdmin: true`), launch ({ ...open, footer: true }).
 */
export const appRoutes: AppRoute[] = [
  { path: '/', flags: open, element: <LandingPage /> },
  {
    path: 'dashboard',
    flags: { ...inTeam, title: routeTitles.dashboard },
    element: <DashboardPage />,
    early: { screens: [DashboardPage], calls: 'dashboard' },
  },
  {
    path: 'downloads',
    flags: { ...signedIn, title: routeTitles.downloads },
    element: <DownloadsPage />,
  },
  {
    path: 'meetings',
    flags: { ...inTeam, title: routeTitles.meetings },
    element: <MeetingsPage />,
  },
  {
    path: 'launch',
    flags: { ...open, footer: true, title: routeTitles.launch },
    element: <LaunchPage />,
  },
  {
    path: 'organization/resolve',
    flags: { ...onboarding, title: routeTitles.organizationResolve },
    element: <OrganizationResolvePage />,
  },
  {
    path: 'organization/create',
    flags: { ...onboarding, title: routeTitles.organizationCreate },
    element: <OrganizationCreatePage />,
  },
  {
    // An emailed invitation to join a team (docs/team.md "Invitations"): signed in, no team needed.
    path: 'invitation',
    flags: { ...onboarding, title: routeTitles.invitation },
    element: <InvitationPage />,
  },
  {
    path: 'user/register',
    flags: { ...onboarding, appUserRequired: false, title: routeTitles.userRegister },
    element: <UserRegisterPage />,
  },
  {
    path: 'create-avatar',
    flags: { ...onboarding, title: routeTitles.createAvatar },
    element: <CreateAvatarPage />,
  },
  { path: 'login', flags: { ...open, title: routeTitles.login }, element: <LoginPage /> },
  { path: 'register', flags: { ...open, title: routeTitles.register }, element: <RegisterPage /> },
  {
    path: 'register/complete',
    flags: { ...open, title: routeTitles.registerComplete },
    element: <RegisterCompletePage />,
  },
  {
    path: 'forgot-password',
    flags: { ...open, title: routeTitles.forgotPassword },
    element: <ForgotPasswordPage />,
  },
  {
    path: 'reset-password',
    flags: { ...open, title: routeTitles.resetPassword },
    element: <ResetPasswordPage />,
  },
  {
    path: 'activate-account',
    flags: { ...open, title: routeTitles.activateAccount },
    element: <ActivateAccountPage />,
  },
  {
    // Where a SAML sign-in comes back with its one-time token (query u, id, t).
    path: 'sso/token',
    flags: { ...open, title: routeTitles.singleSignOn },
    element: <SsoTokenPage />,
  },
  {
    path: 'profile',
    flags: { ...signedIn, title: routeTitles.profile },
    element: <ProfilePage />,
  },
  {
    // The avatar builder in its edit mode (?remake starts over); done, it returns to /profile.
    path: 'profile/edit-avatar',
    flags: { ...onboarding, title: routeTitles.editAvatar },
    element: <CreateAvatarPage mode="edit" defaultTarget="/profile" />,
  },
  {
    // Meta's sign-in returns here with the link's code in the fragment; no avatar check, so the
    // fragment is not lost to a redirect.
    path: 'sso/oculus',
    flags: { ...onboarding, title: routeTitles.metaCallback },
    element: <MetaCallbackPage />,
  },
  {
    path: 'rooms',
    flags: { ...inTeam, title: routeTitles.rooms },
    element: <RoomsPage />,
  },
  {
    path: 'files',
    flags: { ...inTeam, title: routeTitles.files },
    element: <FilesLayout />,
    children: [
      {
        path: '',
        flags: { ...inTeam, title: routeTitles.files },
        element: <FilesHomePage />,
        early: { screens: [FilesLayout, FilesHomePage], calls: 'filesHome' },
      },
      {
        path: 'recent',
        flags: { ...inTeam, title: routeTitles.recentFiles },
        element: <RecentFilesPage kind="files" />,
      },
      {
        path: 'recent-vr',
        flags: { ...inTeam, title: routeTitles.recentNotes },
        element: <RecentFilesPage kind="vr" />,
      },
      {
        path: 'user',
        flags: { ...inTeam, title: routeTitles.personalFiles },
        element: <LibraryPage scope="User" />,
      },
      {
        path: 'user/:folder',
        flags: { ...inTeam, title: routeTitles.personalFiles },
        element: <LibraryPage scope="User" />,
      },
      {
        path: 'team',
        flags: { ...inTeam, title: routeTitles.teamFiles },
        element: <LibraryPage scope="Organization" />,
      },
      {
        path: 'team/:folder',
        flags: { ...inTeam, title: routeTitles.teamFiles },
        element: <LibraryPage scope="Organization" />,
      },
      // The folder menu's 'Open' (part2 §2): finds the folder's scope, then its route.
      {
        path: ':folderId',
        flags: { ...inTeam, title: routeTitles.files },
        element: <FolderRedirect />,
      },
    ],
  },
  {
    path: 'team',
    flags: { ...inTeam, title: routeTitles.team },
    element: <TeamLayout />,
    children: [
      // part2 §2: /team opens the Users tab.
      { path: '', flags: inTeam, element: <Navigate to="/team/users" replace /> },
      {
        path: 'users',
        flags: { ...inTeam, title: routeTitles.teamUsers },
        element: <TeamUsersPage />,
      },
      {
        // part2 §2 Subscription screens: the overview for every member, ordering for admins.
        path: 'subscription',
        flags: { ...inTeam, title: routeTitles.subscription },
        element: <SubscriptionPage />,
      },
      {
        path: 'subscription/customer',
        flags: { ...inTeam, teamRole: 'Admin', title: routeTitles.billingDetails },
        element: <BillingCustomerPage />,
      },
      {
        path: 'subscription/plan',
        flags: { ...inTeam, teamRole: 'Admin', title: routeTitles.plan },
        element: <PlanPage />,
      },
      {
        path: 'subscription/confirm',
        flags: { ...inTeam, teamRole: 'Admin', title: routeTitles.confirmOrder },
        element: <ConfirmOrderPage />,
      },
      {
        path: 'details',
        flags: { ...inTeam, teamRole: 'Admin', title: routeTitles.teamDetails },
        element: <TeamDetailsPage />,
      },
      {
        path: 'sso',
        flags: { ...inTeam, teamRole: 'Admin', title: routeTitles.singleSignOn },
        element: <SamlConfigPage />,
      },
      {
        // The team's recorded changes (docs/audit.md): its admins only.
        path: 'audit',
        flags: { ...inTeam, teamRole: 'Admin', title: routeTitles.teamAuditLog },
        element: <TeamAuditPage />,
      },
      {
        // Issue 29 §2: the team's use of its licenses, meetings and devices; its admins only.
        path: 'usage',
        flags: { ...inTeam, teamRole: 'Admin', title: routeTitles.teamUsage },
        element: <TeamUsagePage />,
      },
    ],
  },
  {
    path: 'admin',
    flags: { ...superAdmin, title: routeTitles.admin },
    element: <AdminLayout />,
    children: [
      { path: '', flags: superAdmin, element: <AdminOverviewPage /> },
      {
        path: 'users',
        flags: { ...superAdmin, title: routeTitles.adminUsers },
        element: <AdminUsersPage />,
      },
      {
        path: 'users/:userId',
        flags: { ...superAdmin, title: routeTitles.adminUsers },
        element: <AdminUserEditPage />,
      },
      {
        path: 'organizations',
        flags: { ...superAdmin, title: routeTitles.adminTeams },
        element: <AdminTeamsPage />,
      },
      {
        path: 'organizations/:organizationId',
        flags: { ...superAdmin, title: routeTitles.adminTeams },
        element: <AdminTeamEditPage />,
      },
      {
        path: 'auditlog',
        flags: { ...superAdmin, title: routeTitles.adminAuditLog },
        element: <AuditLogPage />,
      },
      {
        path: 'roomtemplates',
        flags: { ...superAdmin, title: routeTitles.roomTemplates },
        element: <RoomTemplatesPage />,
      },
      {
        path: 'roomtemplates/:roomTemplateId',
        flags: { ...superAdmin, title: routeTitles.roomTemplate },
        element: <RoomTemplateEditPage />,
      },
    ],
  },
];
