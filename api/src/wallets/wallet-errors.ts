import { HttpStatus } from '@nestjs/common';

import { DomainError } from '../common/domain-error';

/** Every wallet-linking error, with its stable code; messages say what to do next. */
export const walletErrors = {
  messageInvalid: () =>
    new DomainError(
      'WALLET.MESSAGE_INVALID',
      'This is not a valid Sign-In with Ethereum message. Please try again.',
    ),
  messageNotCurrent: () =>
    new DomainError(
      'WALLET.MESSAGE_INVALID',
      'This sign-in message has expired or is not valid yet. Please try again.',
    ),
  nonceInvalid: () =>
    new DomainError(
      'WALLET.NONCE_INVALID',
      'This sign-in request has expired or was already used. Please try again.',
    ),
  domainMismatch: (domain: string) =>
    new DomainError(
      'WALLET.DOMAIN_MISMATCH',
      `This sign-in message was made for ${domain || 'another site'}, not for this site`,
    ),
  chainMismatch: (expectedName: string, expectedId: number, signedId: number) =>
    new DomainError(
      'WALLET.CHAIN_MISMATCH',
      `Please sign in on ${expectedName} (chain ${expectedId}); this message is for chain ${signedId}`,
    ),
  signatureInvalid: () =>
    new DomainError(
      'WALLET.SIGNATURE_INVALID',
      'The signature does not match the wallet named in the message',
    ),
  linkedElsewhere: () =>
    new DomainError(
      'WALLET.LINKED_ELSEWHERE',
      'This wallet is already linked to another member',
      HttpStatus.CONFLICT,
    ),
  notLinked: () =>
    new DomainError(
      'WALLET.NOT_LINKED',
      'This wallet is not linked to your account',
      HttpStatus.NOT_FOUND,
    ),
  inUse: () =>
    new DomainError(
      'WALLET.IN_USE',
      'This wallet has an open loan. You can unlink it once its loans are settled.',
      HttpStatus.CONFLICT,
    ),
  chainUnavailable: () =>
    new DomainError(
      'CHAIN.UNAVAILABLE',
      'The chain cannot be reached right now; please try again shortly',
      HttpStatus.SERVICE_UNAVAILABLE,
    ),
};
