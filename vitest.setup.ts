/**
 * Waits in tests (testing-library's findBy/waitFor, Vitest's expect.poll) are guards against a
 * hang, not measurements: on a loaded two-core CI machine a screen can take over the libraries'
 * one-second default to settle, so they get the same slack everywhere. Nothing asserts on time.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}

// DOM matchers (toBeVisible, toHaveTextContent, toBeDisabled…): screen tests assert what an
// element shows or does, not merely that a query found something.
await import('@testing-library/jest-dom/vitest');
