import { afterEach, expect } from 'vitest';
import { onUnmappedError } from '../lib/errors';

/**
 * Every API test file runs this first (vitest.config.ts `setupFiles`): an error that reaches the error handler
 * without a mapping to an AppError answers 500 INTERNAL, and the test that caused it fails, unless it provoked the
 * error on purpose and took it with takeUnmappedErrors().
 */
let unmapped: unknown[] = [];
onUnmappedError((error) => unmapped.push(error));

/** The unmapped errors since the last call, for a test that throws one on purpose; it then does not fail. */
export function takeUnmappedErrors(): unknown[] {
  const taken = unmapped;
  unmapped = [];
  return taken;
}

afterEach(() => {
  const errors = takeUnmappedErrors().map((error) =>
    error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  );
  expect(
    errors,
    'errors that reached the error handler with no mapping (500 INTERNAL); map them to an AppError',
  ).toEqual([]);
});
