import { AppShell, Burger, Group, ScrollArea, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { shellTexts } from '@roomscale/shared';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { NotFoundNotice } from '../../session/notFound.tsx';
import { AppFooter } from './AppFooter.tsx';
import classes from './AppLayout.module.css';
import { NavLinks } from './NavLinks.tsx';
import { TrialNotice } from './TrialNotice.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useRestoreTeam } from './useRestoreTeam.ts';

/**
 * The signed-in shell: a header with the navigation bar and user menu (a burger and a drawer on
 * small screens), the trial notice, the page, and the footer.
 */
export function AppLayout({ footer, children }: { footer: boolean; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useRestoreTeam();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes on every navigation
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { desktop: true, mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" gap="md" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={shellTexts.nav.toggle}
            aria-expanded={opened}
          />
          <UnstyledButton
            component={Link}
            to="/dashboard"
            className={classes.brand}
            aria-label={shellTexts.nav.home}
          >
            <BrandMark size={30} />
            <span className={classes.wordmark}>{shellTexts.productName}</span>
          </UnstyledButton>
          <nav aria-label={shellTexts.nav.label} className={classes.desktopNav}>
            <NavLinks variant="bar" />
          </nav>
          <UserMenu />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={shellTexts.nav.drawerLabel}>
        <ScrollArea>
          <NavLinks variant="drawer" />
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <TrialNotice />
        <div className={classes.page}>
          <NotFoundNotice mb="lg" />
          {children}
        </div>
        {footer && <AppFooter className={classes.footer} />}
      </AppShell.Main>
    </AppShell>
  );
}
