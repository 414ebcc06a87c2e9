import { screenMessages } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { classifyLinkFailure, linkParams } from './linkFailure.ts';
import { loginErrorText } from './loginError.ts';

describe('loginErrorText', () => {
  it('shows the auth service text of an error reply', () => {
    expect(
      loginErrorText({
        status: 400,
        error: 'invalid_grant',
        description: 'The user name or password is incorrect.',
      }),
    ).toBe('Login failed. Please try again. The user name or password is incorrect.');
    expect(loginErrorText({ status: 400, error: 'invalid_grant' })).toBe(
      screenMessages.loginFailedWith('invalid_grant'),
    );
  });

  it('shows the generic failure without a reply', () => {
    expect(loginErrorText({ status: 0 })).toBe(screenMessages.loginRequestFailed);
    expect(loginErrorText({ status: 502 })).toBe(screenMessages.loginRequestFailed);
    expect(loginErrorText(new ApiError(500, null))).toBe(screenMessages.loginRequestFailed);
    expect(loginErrorText(new Error('boom'))).toBe(screenMessages.loginRequestFailed);
  });
});

describe('emailed links', () => {
  it('needs both user and token', () => {
    expect(linkParams(new URLSearchParams('user=u1&token=t1'))).toEqual({
      userId: 'u1',
      token: 't1',
    });
    expect(linkParams(new URLSearchParams('user=u1'))).toBeNull();
    expect(linkParams(new URLSearchParams('token=t1&user='))).toBeNull();
  });

  it('treats a refusal as a spent link and a lost connection as worth retrying', () => {
    expect(classifyLinkFailure(new ApiError(400, null))).toEqual({ kind: 'rejected' });
    expect(classifyLinkFailure(new ApiError(404, null))).toEqual({ kind: 'rejected' });
    expect(classifyLinkFailure(new ApiError(0, null))).toEqual({
      kind: 'retry',
      message: 'The connection with the server has failed',
    });
    expect(classifyLinkFailure(new ApiError(500, null)).kind).toBe('retry');
  });
});
