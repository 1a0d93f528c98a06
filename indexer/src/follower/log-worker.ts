import { parentPort } from 'node:worker_threads';

import { encodeEvents, type RawLog } from './event-rows';

/**
 * The log worker's thread (see log-decoder.ts): parses a JSON-RPC answer whose results are logs
 * and encodes each result's events of the contract as the event store's rows. A result it cannot
 * encode (a log without `blockTimestamp` whose block's timestamp it was not given) goes back as
 * the node's logs, for the follower to finish as it always did.
 */

/** What the main thread sends: the answer's bytes (transferred) and how to encode its logs. */
export interface DecodeRequest {
  id: number;
  body: ArrayBuffer;
  chainId: number;
  address: string;
  timestamps: [number, number][];
}

/** What comes back: the parsed answer with its logs encoded, or why it could not be parsed. */
export type DecodeResponse =
  { id: number; answer: unknown } | { id: number; failure: 'not-json' | 'decode'; message: string };

function decode({ id, body, chainId, address, timestamps }: DecodeRequest): DecodeResponse {
  let answer: unknown;
  try {
    answer = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch (error) {
    return { id, failure: 'not-json', message: (error as Error).message };
  }
  const known = new Map(timestamps);
  try {
    for (const one of Array.isArray(answer) ? answer : [answer]) {
      const result = (one as { result?: unknown } | null)?.result;
      if (Array.isArray(result)) {
        const encoded = encodeEvents(result as RawLog[], chainId, address, known);
        if (encoded !== undefined) {
          (one as { result: unknown }).result = encoded;
        }
      }
    }
  } catch (error) {
    // A log the decoder refuses: the follower meets the same error it would decoding it itself.
    return { id, failure: 'decode', message: (error as Error).message };
  }
  return { id, answer };
}

parentPort?.on('message', (request: DecodeRequest) => {
  parentPort?.postMessage(decode(request));
});
