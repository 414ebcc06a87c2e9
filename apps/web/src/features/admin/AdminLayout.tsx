import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { adminTexts } from '@roomscale/shared';
import { IconShieldLock } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { isActivePath } from '../shell/navItems.ts';
import classes from './AdminLayout.module.css';
import { adminTabs } from './adminTabs.ts';

/** The super-admin area: the 'Admin' ribbon with its tabs, then the screen of the tab. */
export function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <Stack gap="lg">
      <Paper withBorder className={classes.ribbon} px="md" pt="sm">
        <Group gap="sm" mb="xs">
          <IconShieldLock size={20} className={classes.ribbonIcon} aria-hidden />
          <Text fw={700} fz="lg">
            {adminTexts.title}
          </Text>
          <Badge variant="light" color="grape" size="sm" radius="sm" tt="none">
            {adminTexts.superAdminBadge}
          </Badge>
        </Group>
        <nav aria-label={adminTexts.ribbonLabel}>
          <Group gap={4} className={classes.tabs}>
            {adminTabs.map((tab) => {
              const active = isActivePath(pathname, tab.to);
              return (
                <UnstyledButton
                  key={tab.to}
                  component={Link}
                  to={tab.to}
                  className={classes.tab}
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                >
                  <tab.icon size={16} stroke={1.7} aria-hidden />
                  <span>{tab.label}</span>
                </UnstyledButton>
              );
            })}
          </Group>
        </nav>
      </Paper>
      <Outlet />
    </Stack>
  );
}
