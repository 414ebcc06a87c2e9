// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { DashboardPage } from '../dashboard/DashboardPage.tsx';
import { TrialNotice } from '../shell/TrialNotice.tsx';

/** The ways into the subscription screens (part1 §2 trial notice, part2 §2 dashboard). */

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  mockApi(() => ({ status: 404 }));
  session.selectTeam(teamFixture({ licenseType: 'Trial' }));
});
afterEach(() => {
  resetBrowser();
});

describe('the entry points of the subscription overview', () => {
  it('the trial notice links to it', async () => {
    renderScreen('/dashboard', '/dashboard', <TrialNotice />);
    expect(
      await screen.findByRole('link', { name: /You are using Roomscale in trial mode/ }),
    ).toHaveAttribute('href', '/team/subscription');
  });

  it("the dashboard's purchase tile links to it", async () => {
    renderScreen(
      '/dashboard',
      '/dashboard',
      <ModalsProvider>
        <DashboardPage />
      </ModalsProvider>,
    );
    expect(
      await screen.findByRole('link', { name: /Purchase licenses to remove your watermark/ }),
    ).toHaveAttribute('href', '/team/subscription');
  });
});
