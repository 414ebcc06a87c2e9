import { lazyPart } from '../components/lazyPart.ts';

/**
 * The screens behind the landing and login pages, each loaded when its route is first shown, so
 * the first page does not wait for every screen (and the files viewers' libraries load only with
 * the files screens). `AppFrame` shows a loader while a screen's code arrives; a screen is a
 * lazy part like any other (`preload` starts its code early).
 */
const screen = lazyPart;

export const InvitationPage = screen(
  () => import('../features/invitations/InvitationPage.tsx'),
  'InvitationPage',
);
export const AdminLayout = screen(() => import('../features/admin/AdminLayout.tsx'), 'AdminLayout');
export const AdminOverviewPage = screen(
  () => import('../features/admin/overview/AdminOverviewPage.tsx'),
  'AdminOverviewPage',
);
export const AdminUsersPage = screen(
  () => import('../features/admin/users/AdminUsersPage.tsx'),
  'AdminUsersPage',
);
export const AdminUserEditPage = screen(
  () => import('../features/admin/users/AdminUserEditPage.tsx'),
  'AdminUserEditPage',
);
export const AdminTeamsPage = screen(
  () => import('../features/admin/teams/AdminTeamsPage.tsx'),
  'AdminTeamsPage',
);
export const AdminTeamEditPage = screen(
  () => import('../features/admin/teams/AdminTeamEditPage.tsx'),
  'AdminTeamEditPage',
);
export const AuditLogPage = screen(
  () => import('../features/admin/audit/AuditLogPage.tsx'),
  'AuditLogPage',
);
export const RoomTemplateEditPage = screen(
  () => import('../features/admin/roomTemplates/RoomTemplateEditPage.tsx'),
  'RoomTemplateEditPage',
);
export const RoomTemplatesPage = screen(
  () => import('../features/admin/roomTemplates/RoomTemplatesPage.tsx'),
  'RoomTemplatesPage',
);
export const ActivateAccountPage = screen(
  () => import('../features/auth/ActivateAccountPage.tsx'),
  'ActivateAccountPage',
);
export const ForgotPasswordPage = screen(
  () => import('../features/auth/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
export const RegisterCompletePage = screen(
  () => import('../features/auth/RegisterCompletePage.tsx'),
  'RegisterCompletePage',
);
export const RegisterPage = screen(
  () => import('../features/auth/RegisterPage.tsx'),
  'RegisterPage',
);
export const ResetPasswordPage = screen(
  () => import('../features/auth/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
export const UserRegisterPage = screen(
  () => import('../features/auth/UserRegisterPage.tsx'),
  'UserRegisterPage',
);
export const SubscriptionPage = screen(
  () => import('../features/billing/SubscriptionPage.tsx'),
  'SubscriptionPage',
);
export const BillingCustomerPage = screen(
  () => import('../features/billing/CustomerPage.tsx'),
  'CustomerPage',
);
export const PlanPage = screen(() => import('../features/billing/PlanPage.tsx'), 'PlanPage');
export const ConfirmOrderPage = screen(
  () => import('../features/billing/ConfirmPage.tsx'),
  'ConfirmPage',
);
export const CreateAvatarPage = screen(
  () => import('../features/avatar/CreateAvatarPage.tsx'),
  'CreateAvatarPage',
);
export const DashboardPage = screen(
  () => import('../features/dashboard/DashboardPage.tsx'),
  'DashboardPage',
);
export const DownloadsPage = screen(
  () => import('../features/downloads/DownloadsPage.tsx'),
  'DownloadsPage',
);
export const FilesHomePage = screen(
  () => import('../features/files/FilesHomePage.tsx'),
  'FilesHomePage',
);
export const FilesLayout = screen(() => import('../features/files/FilesLayout.tsx'), 'FilesLayout');
export const FolderRedirect = screen(
  () => import('../features/files/FolderRedirect.tsx'),
  'FolderRedirect',
);
export const LibraryPage = screen(() => import('../features/files/LibraryPage.tsx'), 'LibraryPage');
export const RecentFilesPage = screen(
  () => import('../features/files/RecentFilesPage.tsx'),
  'RecentFilesPage',
);
export const LaunchPage = screen(() => import('../features/launch/LaunchPage.tsx'), 'LaunchPage');
export const MeetingsPage = screen(
  () => import('../features/meetings/MeetingsPage.tsx'),
  'MeetingsPage',
);
export const OrganizationCreatePage = screen(
  () => import('../features/organization/OrganizationCreatePage.tsx'),
  'OrganizationCreatePage',
);
export const OrganizationResolvePage = screen(
  // Team resolution starts the first calls of the screen it goes on to (screenStart.ts): their
  // module comes with it, so they start with the team rather than after one more download.
  () =>
    Promise.all([
      import('../features/organization/OrganizationResolvePage.tsx'),
      import('./prefetch.ts'),
    ]).then(([page]) => page),
  'OrganizationResolvePage',
);
export const MetaCallbackPage = screen(
  () => import('../features/profile/MetaCallbackPage.tsx'),
  'MetaCallbackPage',
);
export const ProfilePage = screen(
  () => import('../features/profile/ProfilePage.tsx'),
  'ProfilePage',
);
export const RoomsPage = screen(() => import('../features/rooms/RoomsPage.tsx'), 'RoomsPage');
export const SamlConfigPage = screen(
  () => import('../features/sso/SamlConfigPage.tsx'),
  'SamlConfigPage',
);
export const SsoTokenPage = screen(
  () => import('../features/sso/SsoTokenPage.tsx'),
  'SsoTokenPage',
);
export const TeamLayout = screen(() => import('../features/team/TeamLayout.tsx'), 'TeamLayout');
export const TeamAuditPage = screen(
  () => import('../features/team/TeamAuditPage.tsx'),
  'TeamAuditPage',
);
export const TeamDetailsPage = screen(
  () => import('../features/team/TeamDetailsPage.tsx'),
  'TeamDetailsPage',
);
export const TeamUsagePage = screen(
  () => import('../features/insight/TeamUsagePage.tsx'),
  'TeamUsagePage',
);
export const TeamUsersPage = screen(
  () => import('../features/team/TeamUsersPage.tsx'),
  'TeamUsersPage',
);
