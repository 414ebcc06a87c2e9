// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  configFixture,
  mockFetch,
  renderScreen,
  resetBrowser,
  signedOutBrowser,
} from '../../test/harness.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

const input = (label: RegExp) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const required = () => screen.queryByText('This field is required');

beforeEach(signedOutBrowser);
afterEach(resetBrowser);

// A field the page focuses by itself and the user leaves without typing shows no error: the
// message would push the page down under the pointer on the way to the terms link.
/** The pages read only the client configuration until a form is sent. */
const configOnly = (url: URL) =>
  url.pathname === '/api/Config' ? { body: configFixture() } : { status: 404 };

describe('the field a page focuses by itself', () => {
  it('registration: leaving First name untouched shows nothing; typing then clearing does', async () => {
    mockFetch(configOnly);
    renderScreen('/register', '/register', <RegisterPage />);
    const first = input(/^First name/);
    expect(document.activeElement).toBe(first);
    fireEvent.blur(first);
    // Last name, left empty, validates on leaving: once its error shows, First name's blur has
    // been handled too, and left no error.
    fireEvent.blur(input(/^Last name/));
    await waitFor(() => expect(input(/^Last name/)).toHaveAttribute('aria-invalid', 'true'));
    expect(first).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);

    fireEvent.change(first, { target: { value: 'A' } });
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.blur(first);
    await waitFor(() => expect(required()).not.toBeNull());
  });

  it('forgot password: the same for Email, while other fields validate on leaving as before', async () => {
    mockFetch(configOnly);
    renderScreen('/forgot-password', '/forgot-password', <ForgotPasswordPage />);
    // The page's only field: the blur's own handling is awaited (act waits for what it started).
    await act(async () => {
      fireEvent.blur(input(/^Email/));
    });
    expect(input(/^Email/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(required()).toBeNull();
    fireEvent.change(input(/^Email/), { target: { value: 'not-an-address' } });
    fireEvent.blur(input(/^Email/));
    await waitFor(() => expect(screen.getByText(/valid email|email address/i)).toBeVisible());
  });
});
