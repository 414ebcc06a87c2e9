import { Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { auditTexts, insightTexts, teamTexts } from '@roomscale/shared';
import {
  IconChartBar,
  IconCreditCard,
  IconHistory,
  IconId,
  IconKey,
  IconLock,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ListPageHeader } from '../../components/ListPageHeader.tsx';
import { useSession } from '../../session/session.ts';
import { isActivePath } from '../shell/navItems.ts';
import { TabScroller } from './TabScroller.tsx';
import classes from './TeamLayout.module.css';

type Tab = {
  label: string;
  icon: typeof IconUsers;
  /** Set for the screens that exist; the others (and admin-only ones for members) are disabled tabs. */
  to?: string;
  adminOnly?: boolean;
  /** Not shown to members at all (rather than locked): nothing there concerns them. */
  hiddenFromMembers?: boolean;
};

const tabs: Tab[] = [
  { label: teamTexts.tabs.users, icon: IconUsers, to: '/team/users' },
  { label: teamTexts.tabs.subscription, icon: IconCreditCard, to: '/team/subscription' },
  { label: teamTexts.tabs.details, icon: IconId, to: '/team/details', adminOnly: true },
  { label: teamTexts.tabs.sso, icon: IconKey, to: '/team/sso', adminOnly: true },
  {
    label: auditTexts.teamTab,
    icon: IconHistory,
    to: '/team/audit',
    adminOnly: true,
    hiddenFromMembers: true,
  },
  {
    label: insightTexts.tab,
    icon: IconChartBar,
    to: '/team/usage',
    adminOnly: true,
    hiddenFromMembers: true,
  },
];

/**
 * Team management (part2 §2): the team's name and its tabs, then the screen of the tab. Details
 * and Single sign-on show a lock for members who are not admins; the audit log is not shown to them.
 */
export function TeamLayout() {
  const { pathname } = useLocation();
  const { team } = useSession();
  const isAdmin = team?.role === 'Admin';
  // On a phone the tabs scroll sideways inside their bar (TabScroller): bring the open one into
  // view.
  const activeTab = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (pathname) activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <Stack gap="lg">
      <ListPageHeader title={teamTexts.title} intro={teamTexts.intro}>
        {team && (
          <Text fw={600} c="dimmed" className={classes.teamName}>
            {team.name}
          </Text>
        )}
      </ListPageHeader>
      <nav aria-label={teamTexts.tabsLabel} className={classes.bar}>
        <TabScroller>
          <Group gap={4} wrap="nowrap" className={classes.tabs}>
            {tabs.map((tab) => {
              if (tab.hiddenFromMembers && !isAdmin) return null;
              const locked = tab.adminOnly && !isAdmin;
              if (tab.to && !locked) {
                const active = isActivePath(pathname, tab.to);
                return (
                  <UnstyledButton
                    key={tab.label}
                    component={Link}
                    to={tab.to}
                    className={classes.tab}
                    ref={active ? activeTab : undefined}
                    data-active={active || undefined}
                    aria-current={active ? 'page' : undefined}
                  >
                    <tab.icon size={16} stroke={1.7} aria-hidden />
                    <span>{tab.label}</span>
                  </UnstyledButton>
                );
              }
              const Icon = locked ? IconLock : tab.icon;
              return (
                <Tooltip
                  key={tab.label}
                  label={locked ? teamTexts.adminsOnly : teamTexts.comingSoon}
                  events={{ hover: true, focus: true, touch: true }}
                >
                  <UnstyledButton
                    className={classes.tab}
                    data-disabled
                    aria-disabled="true"
                    onClick={(e) => e.preventDefault()}
                  >
                    <Icon size={16} stroke={1.7} aria-hidden />
                    <span>{tab.label}</span>
                  </UnstyledButton>
                </Tooltip>
              );
            })}
          </Group>
        </TabScroller>
      </nav>
      <Outlet />
    </Stack>
  );
}
