import { shellTexts } from '@roomscale/shared';
import {
  IconCube,
  IconDownload,
  IconFolder,
  IconHelpCircle,
  IconHome,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';

export type NavItem = {
  label: string;
  icon: typeof IconHome;
  /** In-app path; active while the current path is it or below it. */
  to?: string;
  /** External link (opens in a new tab). */
  external?: 'support';
};

const n = shellTexts.nav;

/** The navigation bar of part1 §2, in order. */
export const navItems: NavItem[] = [
  { label: n.dashboard, icon: IconHome, to: '/dashboard' },
  { label: n.rooms, icon: IconCube, to: '/rooms' },
  { label: n.meetings, icon: IconVideo, to: '/meetings' },
  { label: n.downloads, icon: IconDownload, to: '/downloads' },
  { label: n.files, icon: IconFolder, to: '/files' },
  { label: n.team, icon: IconUsers, to: '/team' },
  { label: n.support, icon: IconHelpCircle, external: 'support' },
];

export const isActivePath = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`);
