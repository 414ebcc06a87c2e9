import { z } from 'zod';
import { fieldMessages } from './messages.ts';

/**
 * Plain messages for the issues our schemas do not word themselves, on the server and in the
 * web forms alike (zod's defaults read "Invalid input: expected string, received undefined").
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      return issue.input === undefined || issue.input === null
        ? fieldMessages.required
        : `Must be a ${issue.expected}`;
    }
    return undefined;
  },
});
