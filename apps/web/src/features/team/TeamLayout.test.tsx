// @vitest-environment happy-dom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/routes.tsx';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  resetBrowser,
  signedInBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { renderRouter, teamRoutes } from '../../test/router.tsx';

const renderAt = (url: string) => renderRouter(teamRoutes(), url);

const emptyList = {
  results: {
    currentPage: 1,
    pageCount: 1,
    pageSize: 50,
    entryCount: 0,
    firstRowOnPage: 0,
    lastRowOnPage: 0,
    results: [],
  },
  licenseCount: 0,
  licensesInUse: 0,
  invitationsPending: 0,
};

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  mockApi(() => ({ body: meFixture() }));
  await session.reloadUser();
  mockApi(() => ({ body: emptyList }));
});
afterEach(() => {
  resetBrowser();
});

describe('team management', () => {
  it('/team redirects to /team/users, in a team', async () => {
    session.selectTeam(teamFixture({ role: 'Admin' }));
    const router = renderAt('/team');
    const tabs = await screen.findByRole('navigation', { name: 'Team sections' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/users'));
    const users = within(tabs).getByRole('link', { name: 'Users' });
    await waitFor(() => expect(users.getAttribute('aria-current')).toBe('page'));
    expect(await screen.findByText('No team users on this page.')).toBeVisible();
    const route = appRoutes.find((r) => r.path === 'team');
    expect(route?.flags).toMatchObject({ loginNeeded: true, teamRequired: true, navbar: true });
  });

  it('shows members Users and Subscription, and the admin-only tabs locked', async () => {
    session.selectTeam(teamFixture({ role: 'User' }));
    renderAt('/team/users');
    const tabs = await screen.findByRole('navigation', { name: 'Team sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/team/users', '/team/subscription']);
    for (const name of ['Details', 'Single sign-on']) {
      expect(within(tabs).getByRole('button', { name }).getAttribute('aria-disabled')).toBe('true');
    }
    expect(tabs.querySelectorAll('.tabler-icon-lock')).toHaveLength(2);
    // The audit log is not offered to members at all, not even as a locked tab.
    expect(within(tabs).queryByText('Audit log')).toBeNull();
    expect(within(tabs).queryByText('Usage')).toBeNull();
  });

  it('shows admins no locks', async () => {
    session.selectTeam(teamFixture({ role: 'Admin' }));
    renderAt('/team/users');
    const tabs = await screen.findByRole('navigation', { name: 'Team sections' });
    expect(tabs.querySelectorAll('.tabler-icon-lock')).toHaveLength(0);
    const audit = within(tabs).getByRole('link', { name: 'Audit log' });
    expect(audit.getAttribute('href')).toBe('/team/audit');
  });

  it('keeps the audit log route to team admins', () => {
    const team = appRoutes.find((r) => r.path === 'team');
    const audit = team?.children?.find((c) => c.path === 'audit');
    expect(audit?.flags).toMatchObject({ teamRequired: true, teamRole: 'Admin' });
    const usage = team?.children?.find((c) => c.path === 'usage');
    expect(usage?.flags).toMatchObject({ teamRequired: true, teamRole: 'Admin' });
  });
});

describe('the tab bar when its tabs do not fit (a phone)', () => {
  /** A bar `width` wide over tabs `content` wide, scrolled to `left`; answers its scroll calls. */
  function layOut(width: number, content: number) {
    let left = 0;
    const scrolls: number[] = [];
    const isBar = (el: Element) => el.parentElement?.parentElement?.tagName === 'NAV';
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return isBar(this) ? width : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return isBar(this) ? content : 0;
    });
    vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
      return isBar(this) ? left : 0;
    });
    HTMLElement.prototype.scrollBy = function (
      this: HTMLElement,
      options?: ScrollToOptions | number,
    ) {
      const by = typeof options === 'number' ? options : (options?.left ?? 0);
      scrolls.push(by);
      left = Math.max(0, Math.min(content - width, left + by));
      this.dispatchEvent(new Event('scroll'));
    } as typeof HTMLElement.prototype.scrollBy;
    return scrolls;
  }
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows an arrow at the edge with more tabs, scrolls with it, and keeps every tab a link', async () => {
    const scrolls = layOut(300, 480);
    session.selectTeam(teamFixture({ role: 'Admin' }));
    renderAt('/team/users');
    const tabs = await screen.findByRole('navigation', { name: 'Team sections' });
    // Every tab stays in the navigation for keyboards and screen readers.
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Users', 'Subscription', 'Details', 'Single sign-on', 'Audit log', 'Usage']);
    const more = await within(tabs).findByTitle('Show more tabs');
    expect(within(tabs).queryByTitle('Show the previous tabs')).toBeNull();
    // The arrows are for pointers: not in the tab order, not read out twice.
    expect(more).toHaveAttribute('tabindex', '-1');
    expect(more).toHaveAttribute('aria-hidden', 'true');
    expect(more.previousElementSibling).toHaveAttribute('data-more-end');

    fireEvent.click(more);
    expect(scrolls[0]).toBeGreaterThan(0);
    const back = await within(tabs).findByTitle('Show the previous tabs');
    expect(within(tabs).queryByTitle('Show more tabs')).toBeNull();
    fireEvent.click(back);
    expect(scrolls[1]).toBeLessThan(0);
    expect(await within(tabs).findByTitle('Show more tabs')).toBeVisible();
  });

  it('shows no arrow when every tab fits', async () => {
    layOut(900, 560);
    session.selectTeam(teamFixture({ role: 'Admin' }));
    renderAt('/team/users');
    const tabs = await screen.findByRole('navigation', { name: 'Team sections' });
    await within(tabs).findByRole('link', { name: 'Audit log' });
    expect(within(tabs).queryByTitle('Show more tabs')).toBeNull();
    expect(within(tabs).queryByTitle('Show the previous tabs')).toBeNull();
  });
});
