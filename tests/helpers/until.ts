/**
 * Waits until `check` returns something other than `false` without throwing, polling on
 * timers so that requests in flight keep running in between.
 *
 * Never `assert.equal` a DOM node in a check: node:assert's failure message inspects the
 * happy-dom node, whose object graph (the whole window) takes practically forever to print,
 * and the test seems to hang. Compare to null and return a boolean instead.
 */
export async function until(
  check: () => unknown,
  { timeoutMs = 3000, intervalMs = 20 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (check() !== false) return;
    } catch (err) {
      lastError = err;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw lastError ?? new Error(`Condition not met within ${timeoutMs} ms`);
}
