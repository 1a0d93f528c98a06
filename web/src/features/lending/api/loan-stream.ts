import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { env } from '@/config/env';
import { renewSession } from '@/lib/api-client';
import { session } from '@/lib/session';

/** One server-sent event: its name and its data line(s). */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events. Feed it chunks as they arrive; it answers the events
 * completed so far and keeps the unfinished rest.
 */
export function createEventParser(): (chunk: string) => StreamEvent[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const events: StreamEvent[] = [];
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') {
          event = value;
        } else if (field === 'data') {
          data.push(value);
        }
      }
      if (data.length > 0) {
        events.push({ event, data: data.join('\n') });
      }
    }
    return events;
  };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the lending screens current without a reload: GET /microlending/stream pushes every
 * committed loan change (status and finality), and each one refetches the loan lists. Read with
 * fetch rather than EventSource so the bearer token goes in a header, never in a URL. It
 * reconnects with a growing pause, renewing an expired token once.
 */
export function useLoanStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let pending: ReturnType<typeof setTimeout> | undefined;
    // A batch of changes arrives as a burst of events: one refetch for the burst.
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        void queryClient.invalidateQueries({ queryKey: ['loans'] });
      }, 50);
    };

    const follow = async () => {
      let pause = 1_000;
      while (!signal.aborted) {
        try {
          const open = (token: string) =>
            fetch(`${env.apiUrl}/microlending/stream`, {
              headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
              signal,
            });
          let response = await open(session.getState().token ?? '');
          if (response.status === 401) {
            const renewed = await renewSession();
            if (renewed === null) {
              return;
            }
            response = await open(renewed);
          }
          if (!response.ok || response.body === null) {
            throw new Error(`stream answered ${response.status}`);
          }
          // Whatever changed while disconnected is fetched again on (re)connection.
          refresh();
          pause = 1_000;
          const parse = createEventParser();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) {
              break;
            }
            // `verification`: the API's indexer stopped (or went back to) vouching for loan
            // status; the lists carry the banner's state and every row's finality.
            if (parse(value).some((e) => e.event === 'loan' || e.event === 'verification')) {
              refresh();
            }
          }
        } catch (error) {
          if (signal.aborted) {
            return;
          }
          console.warn('Loan updates: the stream dropped; reconnecting', error);
        }
        await wait(pause, signal);
        pause = Math.min(pause * 2, 30_000);
      }
    };
    void follow();
    return () => {
      controller.abort();
      clearTimeout(pending);
    };
  }, [queryClient]);
}
