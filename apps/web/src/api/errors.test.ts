import {
  errorTexts,
  friendlyServerMessages,
  type Problem,
  serverMessages,
} from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { errorText, fieldErrors, serverMessage, showFieldErrors } from './errors.ts';

const problem = (status: number, extra: Partial<Problem> = {}): Problem => ({
  type: 'about:blank',
  title: status === 400 ? 'Bad Request' : 'Error',
  status,
  ...extra,
});

describe('errorText (part1 §8 error mapper)', () => {
  it('maps every known server message to its friendly text, whatever the status', () => {
    const known = [
      serverMessages.alreadyMember,
      serverMessages.licenseLimitReached,
      serverMessages.userAlreadyRegistered,
      serverMessages.emailInUse,
      serverMessages.customerIdMissing,
      serverMessages.paymentProviderFailed,
      serverMessages.vatInvalid,
      serverMessages.ssoForRegisteredUser,
    ];
    for (const detail of known) {
      const text = friendlyServerMessages[detail];
      expect(text).toMatch(/\S/);
      expect(errorText(new ApiError(400, problem(400, { detail })))).toBe(text);
      expect(errorText(new ApiError(409, problem(409, { detail })))).toBe(text);
    }
  });

  it("gives 'Not found' for 404", () => {
    expect(errorText(new ApiError(404, problem(404, { detail: 'No such file' })))).toBe(
      'Not found',
    );
    expect(errorText(new ApiError(404, null))).toBe(errorTexts.notFound);
  });

  it('gives the connection text for status 0', () => {
    expect(errorText(new ApiError(0, null))).toBe('The connection with the server has failed');
  });

  it('gives the server text for 500', () => {
    expect(
      errorText(new ApiError(500, problem(500, { detail: 'An internal error occurred.' }))),
    ).toBe('An unknown error has occurred in the server');
  });

  it('gives the unknown text for any other status and for non-API errors', () => {
    for (const status of [401, 403, 409, 429, 502, 503]) {
      expect(errorText(new ApiError(status, problem(status, { detail: 'x' })))).toBe(
        'An unknown error has occurred',
      );
    }
    expect(errorText(new Error('boom'))).toBe(errorTexts.unknown);
    expect(errorText('text')).toBe(errorTexts.unknown);
    expect(errorText(undefined)).toBe(errorTexts.unknown);
  });

  it('for 400 names each invalid field', () => {
    const err = new ApiError(
      400,
      problem(400, { detail: 'name: too short', errors: { name: ['too short'], email: ['bad'] } }),
    );
    expect(errorText(err)).toBe(
      'The field name Has validation errors. Please check the input. The field email Has validation errors. Please check the input.',
    );
  });

  it('for 400 without field errors uses the detail, else the title', () => {
    expect(errorText(new ApiError(400, problem(400, { detail: 'Bad dates.' })))).toBe('Bad dates.');
    expect(errorText(new ApiError(400, problem(400)))).toBe('Bad Request');
    expect(errorText(new ApiError(400, null))).toBe(errorTexts.unknown);
  });
});

describe('fieldErrors', () => {
  it("gives each field's first message", () => {
    const err = new ApiError(
      400,
      problem(400, { errors: { name: ['too short', 'x'], email: ['bad'] } }),
    );
    expect(fieldErrors(err)).toEqual({ name: 'too short', email: 'bad' });
  });
  it('is empty for anything else', () => {
    expect(fieldErrors(new ApiError(500, null))).toEqual({});
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

describe('serverMessage (the server message of part2 §8)', () => {
  it('shows the problem detail of a refused call', () => {
    const detail =
      'The room is used by a meeting that has not ended, so it cannot become a template.';
    expect(serverMessage(new ApiError(409, problem(409, { detail })))).toBe(detail);
    expect(serverMessage(new ApiError(403, problem(403, { detail: 'Nope.' })))).toBe('Nope.');
  });

  it('lists per-field messages with their field', () => {
    const e = new ApiError(
      400,
      problem(400, {
        detail: serverMessages.validation,
        errors: { name: ['Must be at most 60 characters'], sharingType: ['Unknown sharing type.'] },
      }),
    );
    expect(serverMessage(e)).toBe(
      'name: Must be at most 60 characters\nsharingType: Unknown sharing type.',
    );
  });

  it('prefers the friendly text of a known message', () => {
    const e = new ApiError(400, problem(400, { detail: serverMessages.licenseLimitReached }));
    expect(serverMessage(e)).toBe(friendlyServerMessages[serverMessages.licenseLimitReached]);
  });

  it('falls back to the error mapper without a problem body or on a server failure', () => {
    expect(serverMessage(new ApiError(0, null))).toBe(errorTexts.connectionFailed);
    expect(serverMessage(new ApiError(500, problem(500, { detail: 'boom' })))).toBe(
      errorTexts.server500,
    );
    expect(serverMessage(new Error('x'))).toBe(errorTexts.unknown);
  });
});

describe('showFieldErrors', () => {
  it('puts each server field message under the form field it maps to, and answers them all', () => {
    const err = new ApiError(
      400,
      problem(400, { errors: { name: ['Too short'], code: ['Taken', 'Other'], extra: ['x'] } }),
    );
    const formField: Record<string, 'title' | 'meetingCode'> = {
      name: 'title',
      code: 'meetingCode',
    };
    const placed: [string, string][] = [];
    const answered = showFieldErrors<{ title: string; meetingCode: string }>(
      err,
      (field, e) => placed.push([field, e.message ?? '']),
      (field) => formField[field],
    );
    expect(placed).toEqual([
      ['title', 'Too short'],
      ['meetingCode', 'Taken'],
    ]);
    expect(answered).toEqual({ name: 'Too short', code: 'Taken', extra: 'x' });
    expect(
      showFieldErrors(
        new Error('x'),
        () => placed.push(['-', '-']),
        () => 'title',
      ),
    ).toEqual({});
    expect(placed).toHaveLength(2);
  });
});

describe('ApiError (part1 §8 generic texts)', () => {
  it('carries the problem’s detail or title, else the spec’s generic text', () => {
    expect(new ApiError(400, problem(400, { detail: 'Bad name' })).message).toBe('Bad name');
    expect(new ApiError(409, problem(409)).message).toBe('Error');
    const untitled = { type: 'about:blank', status: 500 } as Problem;
    expect(new ApiError(500, untitled).message).toBe('A server side error occurred.');
    expect(new ApiError(502, null).message).toBe('An unexpected server error occurred.');
    expect(new ApiError(0, null).message).toBe('An unexpected server error occurred.');
  });
});
