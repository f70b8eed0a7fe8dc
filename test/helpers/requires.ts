/**
 * Tests that need something a machine may lack (Chromium, slapd, MariaDB) are reported by the runner as skipped
 * when it is missing, never as passed, so the closing line of `npm test` says what was not tested. Under
 * ATRIUM_REQUIRE_ALL=1 (set by .ci/run, which installs everything) a missing part fails the run instead.
 */
import type { TestFn } from 'ava';

export const requireAll = process.env.ATRIUM_REQUIRE_ALL === '1';

/** Registers `title` as skipped because of `missing`, or as failed under ATRIUM_REQUIRE_ALL. */
export function skipBecause(test: TestFn, title: string, missing: string): void {
  if (requireAll) test(title, (t) => t.fail(`${missing}, and ATRIUM_REQUIRE_ALL=1 requires it`));
  else test.skip(`${title} (skipped: ${missing})`, () => undefined);
}
