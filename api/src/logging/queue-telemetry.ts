import type { ContextManager, Span, Telemetry, Tracer } from 'bullmq';

import { currentRequest, isRequestId, type RequestContext, runForRequest } from './request-context';

/** Outside any request: the context of timers, the worker loops and jobs no request caused. */
const NO_REQUEST: RequestContext = Object.freeze({ reqId: '' });

/**
 * BullMQ's context propagation (its telemetry hooks), used for one thing: a job enqueued while a
 * request is handled carries that request's id (in the job's `opts.telemetry.metadata`), and its
 * processor runs inside that request's context, so every line it logs names the request, on
 * every attempt. BullMQ calls `getMetadata` when a job is added and `fromMetadata` + `with`
 * around each processing; jobs added outside a request carry nothing.
 */
class RequestContextManager implements ContextManager<RequestContext> {
  active(): RequestContext {
    return currentRequest() ?? NO_REQUEST;
  }

  root(): RequestContext {
    return NO_REQUEST;
  }

  with<A extends (...args: unknown[]) => unknown>(context: RequestContext, fn: A): ReturnType<A> {
    // Most calls are BullMQ's own bookkeeping inside the context already active.
    if (context === this.active()) {
      return fn() as ReturnType<A>;
    }
    return runForRequest(context, fn) as ReturnType<A>;
  }

  getMetadata(context: RequestContext): string {
    return context.reqId;
  }

  fromMetadata(active: RequestContext, metadata: string): RequestContext {
    // Whatever Redis holds is checked like a header: only an id is taken.
    return isRequestId(metadata) ? { reqId: metadata } : active;
  }
}

/** Spans that record nothing: only the context they carry matters here. */
const SPAN: Span<RequestContext> = {
  setSpanOnContext: (context) => context,
  setAttribute: () => undefined,
  setAttributes: () => undefined,
  addEvent: () => undefined,
  recordException: () => undefined,
  end: () => undefined,
};

const tracer: Tracer<RequestContext> = { startSpan: () => SPAN };

/** For `BullModule.forRoot`: every queue and worker of the API shares it. */
export const requestIdTelemetry: Telemetry<RequestContext> = {
  tracer,
  contextManager: new RequestContextManager(),
};
