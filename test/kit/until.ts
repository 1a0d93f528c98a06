/**
 * Polls `probe` until `check` holds and answers its value; fails after `timeoutMs` quoting the
 * last value seen. For tests and benchmarks that wait on a system settling (never a timing
 * assertion: the limit only stops a hung wait).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) {
      throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await probe();
  }
  return last;
}
