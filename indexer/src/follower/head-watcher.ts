import type { Logger } from '@nestjs/common';

/**
 * Subscribes to new heads over WebSocket and calls `onHead` with each one's hash (undefined when
 * a node leaves it out). It only triggers syncs: the follower reads the chain itself, so a
 * missed, duplicated or out-of-order head changes nothing, and a subscription that drops or goes
 * quiet leaves the scheduler's polling tick in charge while it reconnects with backoff.
 */
export class HeadWatcher {
  private socket?: WebSocket;
  private stopped = false;
  private retryMs = 500;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly onHead: (hash: string | undefined) => void,
    private readonly logger: Pick<Logger, 'log' | 'warn'>,
  ) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.retryMs = 500;
      socket.send(
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }),
      );
    });
    socket.addEventListener('message', (message) => {
      const body = JSON.parse(String(message.data)) as {
        method?: string;
        params?: { result?: { hash?: unknown } };
        error?: unknown;
      };
      if (body.method === 'eth_subscription') {
        const hash = body.params?.result?.hash;
        this.onHead(typeof hash === 'string' ? hash : undefined);
      } else if (body.error !== undefined) {
        this.logger.warn(
          `newHeads subscription refused; polling only: ${JSON.stringify(body.error)}`,
        );
        this.stopped = true;
        socket.close();
      }
    });
    socket.addEventListener('close', () => {
      if (!this.stopped) {
        this.timer = setTimeout(() => this.connect(), this.retryMs);
        this.retryMs = Math.min(30_000, this.retryMs * 2);
      }
    });
    socket.addEventListener('error', () => undefined);
  }
}
