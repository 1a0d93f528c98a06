/**
 * `GET /microlending/stream` read with fetch, as the web client reads it (the token goes in the
 * Authorization header, which EventSource cannot send): for the API's tests and the indexer's
 * realtime bench, which waits on it for a loan's new status instead of polling on a timer.
 */

/** One `event: loan` as the API sends it (api/src/lending/events/loan-change-streams.ts). */
export interface StreamedLoan {
  _id: string;
  loanChainId: string;
  status: string | null;
  finality: string | null;
  asOfBlock: number | null;
}

export interface LoanStream {
  status: number;
  contentType: string | null;
  /** Every block received, in order: `retry: 2000`, `: ping`, `event: loan\ndata: …`. */
  blocks: string[];
  /** Every `event: loan` received, in order. */
  loans(): StreamedLoan[];
  /**
   * The first loan event from now on (or already received and not yet looked at by an earlier
   * call) that `match` accepts; rejects after `timeoutMs`. One wait at a time: the events a wait
   * looks at and passes over are not offered to the next one.
   */
  next(match: (loan: StreamedLoan) => boolean, timeoutMs?: number): Promise<StreamedLoan>;
  ended(): boolean;
  close(): void;
}

const LOAN_EVENT = 'event: loan\ndata: ';

export async function openLoanStream(apiUrl: string, token: string): Promise<LoanStream> {
  const abort = new AbortController();
  const response = await fetch(`${apiUrl}/microlending/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const blocks: string[] = [];
  const loans: StreamedLoan[] = [];
  /** How many of `loans` the waits have looked at. */
  let taken = 0;
  let arrived: () => void = () => undefined;
  let ended = false;
  if (response.body !== null) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
          if (done) {
            break;
          }
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            blocks.push(block);
            if (block.startsWith(LOAN_EVENT)) {
              loans.push(JSON.parse(block.slice(LOAN_EVENT.length)) as StreamedLoan);
            }
          }
          arrived();
        }
      } catch {
        // Aborted by close().
      }
      ended = true;
      arrived();
    })();
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    blocks,
    loans: () => [...loans],
    async next(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < loans.length) {
          const loan = loans[taken++]!;
          if (match(loan)) {
            return loan;
          }
        }
        if (ended) {
          throw new Error('the loan stream ended');
        }
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(`no matching loan event in ${timeoutMs} ms`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          arrived = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    ended: () => ended,
    close: () => abort.abort(),
  };
}
