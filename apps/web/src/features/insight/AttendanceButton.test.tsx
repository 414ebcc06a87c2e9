// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  teamFixture,
} from '../../test/harness.tsx';
import { MeetingCard } from '../meetings/MeetingCard.tsx';
import { meetingFixture, person } from '../meetings/testing.ts';
import { attendanceFixture } from './fixtures.ts';

const now = new Date('2026-11-27T09:30:00.000Z');
const started = { startDate: '2026-11-27T09:00:00.000Z', endDate: '2026-11-27T10:00:00.000Z' };

async function as(role: 'Admin' | 'User') {
  mockApi(() => ({ body: meFixture() }));
  await session.reloadUser();
  session.selectTeam(teamFixture({ role }));
}

function card(meeting = meetingFixture(started)) {
  renderScreen(
    '/',
    '/',
    <MeetingCard meeting={meeting} now={now} onEdit={() => {}} onDelete={() => {}} />,
  );
  return screen.getByRole('article', { name: meeting.name });
}

beforeEach(async () => {
  await signedInBrowser();
});
afterEach(() => {
  resetBrowser();
});

describe("a meeting card's attendance", () => {
  it('is offered to team admins once the meeting has started, and opens in a dialog', async () => {
    await as('Admin');
    expect(within(card(meetingFixture())).queryByRole('button', { name: 'Attendance' })).toBeNull();
    resetBrowser();
    await signedInBrowser();
    await as('Admin');
    mockApi(() => ({ body: attendanceFixture() }));
    within(card()).getByRole('button', { name: 'Attendance' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'Attendance of Design review' });
    expect(await within(dialog).findByRole('table', { name: 'Who joined' })).toBeInTheDocument();
  });

  it("is offered to the meeting's moderators, not to other members", async () => {
    await as('User');
    expect(within(card()).queryByRole('button', { name: 'Attendance' })).toBeNull();
    resetBrowser();
    await signedInBrowser();
    await as('User');
    const me = session.get().user?.id ?? null;
    const moderated = meetingFixture({
      ...started,
      moderatorParticipant: [person({ userId: me, participantType: 'Moderator' })],
    });
    expect(within(card(moderated)).getByRole('button', { name: 'Attendance' })).toBeVisible();
  });
});
