/**
 * Test-only switches, read from the environment here and nowhere else; a user never sets them.
 *
 * - GOPHER_SITE_TEST_KILL_AT=<point>: the build kills its own process (SIGKILL, as a power cut or
 *   the OOM killer would) on reaching that point, so tests of atomic output stop a build at an exact
 *   moment instead of after a guessed delay (tests/integration/atomic-output.test.ts).
 * - GOPHER_SITE_TEST_THREADS=<n>: render on n threads whatever the number of cores, so the
 *   test of threaded rendering runs threads on a one-core machine too.
 */

/**
 * Where a build may be killed: staging folder made; first pages written into it; everything written;
 * old output moved aside. Or the editor: a save's new text written, not yet in place; a save of
 * several files with its first file in place.
 */
export type KillPoint = "staging" | "render" | "commit" | "swap" | "editor-save" | "editor-save-set";

export function killPoint(point: KillPoint): void {
  if (process.env.GOPHER_SITE_TEST_KILL_AT === point) process.kill(process.pid, "SIGKILL");
}

/** The number of render threads a test asks for, if any. */
export function testRenderThreads(): number | undefined {
  const threads = Number(process.env.GOPHER_SITE_TEST_THREADS);
  return Number.isInteger(threads) && threads > 0 ? threads : undefined;
}

/**
 * GOPHER_SITE_TEST_LEAD_RETRY_MS=<ms>: `serve` retries a lead's delivery after this many ms (then
 * twice that, and so on) instead of after a minute, so tests see a lead delivered once SMTP is back.
 */
export function testLeadRetryMs(): number | undefined {
  const ms = Number(process.env.GOPHER_SITE_TEST_LEAD_RETRY_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : undefined;
}

/**
 * GOPHER_SITE_TEST_BODY_DEADLINE_MS=<ms>: `serve` gives a form's body this long to arrive instead of
 * 10 s (the editor: 120 s; its sign-in: 10 s), so the test of a body trickled in byte by byte takes a second.
 */
export function testBodyDeadlineMs(): number | undefined {
  const ms = Number(process.env.GOPHER_SITE_TEST_BODY_DEADLINE_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : undefined;
}
