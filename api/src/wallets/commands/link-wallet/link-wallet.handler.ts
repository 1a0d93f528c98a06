import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { chainName } from '@lendpath/contracts';
import { getAddress } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';

import { ENV, type Env } from '../../../config/env';
import { LendingReads } from '../../../lending/lending-reads';
import { walletErrors } from '../../wallet-errors';
import { WalletLinkedEvent } from '../../events/wallet-events';
import { WalletNonces } from '../../wallet-nonces';
import { WalletSignatures } from '../../wallet-signatures';
import { WalletsStore } from '../../wallets.store';
import { type LinkedWallet, LinkWalletCommand } from './link-wallet.command';

/**
 * Checks, in order: the message parses; its nonce was issued to this member and is unused (taken
 * now, whatever follows); its domain and URI are this site's (CORS_ORIGINS); its chain is the
 * deployment's; its own expiration and not-before times hold; the wallet named in it signed it.
 * A wallet belongs to one member; linking one the member has again answers the existing link.
 */
@CommandHandler(LinkWalletCommand)
export class LinkWalletHandler implements ICommandHandler<LinkWalletCommand> {
  private readonly origins: URL[];

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly nonces: WalletNonces,
    private readonly signatures: WalletSignatures,
    private readonly wallets: WalletsStore,
    private readonly lending: LendingReads,
    private readonly events: EventBus,
  ) {
    this.origins = env.CORS_ORIGINS.map((origin) => new URL(origin));
  }

  async execute({ callerId, body }: LinkWalletCommand): Promise<LinkedWallet> {
    const message = parseSiweMessage(body.message);
    const { address, domain, uri, nonce, chainId } = message;
    if (
      address === undefined ||
      domain === undefined ||
      uri === undefined ||
      nonce === undefined ||
      chainId === undefined ||
      message.version !== '1'
    ) {
      throw walletErrors.messageInvalid();
    }
    if (!(await this.nonces.consume(callerId, nonce))) {
      throw walletErrors.nonceInvalid();
    }
    if (!this.isOurs(domain, message.scheme, uri)) {
      throw walletErrors.domainMismatch(domain);
    }
    const expected = this.env.deployment.chainId;
    if (chainId !== expected) {
      throw walletErrors.chainMismatch(chainName(expected), expected, chainId);
    }
    if (!validateSiweMessage({ message, time: new Date() })) {
      throw walletErrors.messageNotCurrent();
    }
    if (!(await this.signatures.signed(address, body.message, body.signature))) {
      throw walletErrors.signatureInvalid();
    }
    const linked = await this.wallets.link(address.toLowerCase(), callerId);
    if (linked === 'elsewhere') {
      throw walletErrors.linkedElsewhere();
    }
    this.events.publish(new WalletLinkedEvent(linked.address));
    const { loans } = await this.lending.walletLoans(linked.address);
    return {
      address: getAddress(linked.address),
      linkedAt: linked.linkedAt.toISOString(),
      loansAttached: loans,
    };
  }

  /** The message's domain (with its scheme, if given) and URI belong to one of CORS_ORIGINS. */
  private isOurs(domain: string, scheme: string | undefined, uri: string): boolean {
    let uriOrigin: string;
    try {
      uriOrigin = new URL(uri).origin;
    } catch {
      return false;
    }
    return (
      this.origins.some(
        (origin) =>
          origin.host === domain && (scheme === undefined || `${scheme}:` === origin.protocol),
      ) && this.origins.some((origin) => origin.origin === uriOrigin)
    );
  }
}
