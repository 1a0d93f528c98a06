/**
 * Says in a log line why a call to a third party (ConfirmU, CoinMarketCap) failed: a timeout, an
 * answer that was not JSON, or the network reason fetch() keeps in `cause` (ECONNREFUSED, …).
 */
export function describeFetchError(error: unknown, timeoutMs: number): string {
  // Read by shape, not instanceof: the timeout is a DOMException, which need not be an Error.
  const { name, message, cause } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (name === 'TimeoutError') {
    return `no answer within ${timeoutMs} ms`;
  }
  if (name === 'SyntaxError') {
    return 'answered something other than JSON';
  }
  if (typeof message !== 'string') {
    return String(error);
  }
  const reason = (cause as { message?: unknown } | undefined)?.message;
  return typeof reason === 'string' ? `${message}: ${reason}` : message;
}
