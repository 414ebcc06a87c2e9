// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { renderScreen, resetBrowser, signedOutBrowser } from '../../test/harness.tsx';
import { TokenLinkPage } from './TokenLinkPage.tsx';

const input = (label: RegExp) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: RegExp, value: string) =>
  fireEvent.change(input(label), { target: { value } });

type Props = Parameters<typeof TokenLinkPage>[0];

function show(props: Partial<Props>, url = '/link?user=u1&token=t1') {
  return renderScreen(
    '/link',
    url,
    <TokenLinkPage
      heading="Set your password"
      intro="Choose one."
      submitLabel="Save password"
      passwordLabel="Password"
      send={async () => ({ success: true })}
      done={{ title: 'Done', message: 'All set.', links: [{ to: '/login', label: 'Log in' }] }}
      rejected={{
        title: 'Set your password',
        message: 'This link no longer works.',
        links: [{ to: '/forgot-password', label: 'New link' }],
      }}
      {...props}
    />,
  );
}

async function submit(password = 'Str0ngPass') {
  type(/^Password/, password);
  type(/^Confirm password/, password);
  const button = screen.getByRole('button', { name: 'Save password' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

beforeEach(signedOutBrowser);
afterEach(resetBrowser);

describe('TokenLinkPage (the frame of the activation and reset screens)', () => {
  it('sends the link with the passwords and shows done', async () => {
    const send = vi.fn(async () => ({ success: true }));
    show({ send });
    await submit();
    expect(await screen.findByText('All set.')).toBeVisible();
    expect(send).toHaveBeenCalledWith(
      { userId: 'u1', token: 't1' },
      { password: 'Str0ngPass', confirmPassword: 'Str0ngPass' },
    );
  });

  it('keeps the form with the reason when the connection fails, to try again', async () => {
    const send = vi
      .fn<Props['send']>()
      .mockRejectedValueOnce(new ApiError(0, null))
      .mockResolvedValue({ success: true });
    show({ send });
    await submit();
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(input(/^Password/).value).toBe('Str0ngPass');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('All set.')).toBeVisible();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('shows the refusal with ways onward when the server refuses the link', async () => {
    show({ send: async () => ({ success: false }) });
    await submit();
    expect(await screen.findByText('This link no longer works.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('goes on with onAccepted, and shows done only when that fails', async () => {
    const onAccepted = vi.fn<NonNullable<Props['onAccepted']>>().mockRejectedValue(new Error('x'));
    show({ onAccepted });
    await submit();
    expect(await screen.findByText('All set.')).toBeVisible();
    expect(onAccepted).toHaveBeenCalledWith({
      password: 'Str0ngPass',
      confirmPassword: 'Str0ngPass',
    });
  });

  it('shows the refusal at once for a link without its token', () => {
    show({}, '/link?user=u1');
    expect(screen.getByText('This link no longer works.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save password' })).toBeNull();
  });
});
