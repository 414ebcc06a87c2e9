// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announceCompleted } from './completedToast.ts';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

const toasts = () => screen.queryAllByText('Upload completed');

describe("the grouped 'Upload completed' toast", () => {
  it('names a single file', async () => {
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => announceCompleted('Lobby.png'));
    expect(await screen.findByText('Lobby.png')).toBeVisible();
    expect(toasts()).toHaveLength(1);
  });

  it('shows twenty finished uploads as one toast with the count', async () => {
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => notifications.clean());
    for (let i = 1; i <= 20; i++) act(() => announceCompleted(`scan-${i}.png`));
    expect(await screen.findByText('20 files uploaded, the last scan-20.png')).toBeVisible();
    await waitFor(() => expect(toasts()).toHaveLength(1));
  });

  it('starts counting again once the toast has closed', async () => {
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => announceCompleted('a.png'));
    act(() => announceCompleted('b.png'));
    expect(await screen.findByText('2 files uploaded, the last b.png')).toBeVisible();
    act(() => notifications.hide('uploads-completed'));
    await waitFor(() => expect(toasts()).toHaveLength(0));
    act(() => announceCompleted('c.png'));
    expect(await screen.findByText('c.png')).toBeVisible();
  });
});
