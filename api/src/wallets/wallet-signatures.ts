import { Inject, Injectable } from '@nestjs/common';
import {
  type Address,
  BaseError,
  createPublicClient,
  type Hex,
  http,
  HttpRequestError,
  type PublicClient,
  TimeoutError,
  verifyMessage,
} from 'viem';

import { ENV, type Env } from '../config/env';
import { walletErrors } from './wallet-errors';

/**
 * Whether `address` signed `message` (EIP-191). An ordinary wallet's signature is recovered here,
 * without the chain; anything else is asked of the chain (ERC-1271 and ERC-6492 through
 * eth_call), so smart-contract wallets can link too.
 */
@Injectable()
export class WalletSignatures {
  private readonly client: PublicClient;

  constructor(@Inject(ENV) env: Env) {
    this.client = createPublicClient({
      transport: http(env.RPC_URL, { timeout: 10_000, retryCount: 1 }),
    });
  }

  async signed(address: Address, message: string, signature: Hex): Promise<boolean> {
    try {
      if (await verifyMessage({ address, message, signature })) {
        return true;
      }
    } catch {
      // Not a 65-byte ECDSA signature: a contract wallet's, perhaps.
    }
    try {
      return await this.client.verifyMessage({ address, message, signature });
    } catch (error) {
      const unreachable =
        error instanceof BaseError &&
        error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError);
      if (unreachable) {
        throw walletErrors.chainUnavailable();
      }
      return false;
    }
  }
}
