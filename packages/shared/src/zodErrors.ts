import { z } from 'zod';
import { fieldMessages } from './messages.ts';

/**
 * Plain messages for the issues our schemas do not word themselves, on the server and in the
 * web forms alike (zod's defaults read "Invalid input: expected string, received undefined").
 *
 * Every schema module of this package takes `z` from here, not from 'zod': whoever builds a
 * schema has the messages configured, and a bundle that needs no schema (the web's login page)
 * carries neither zod nor this file. The barrel does not import it for its side effect.
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

export { z };
