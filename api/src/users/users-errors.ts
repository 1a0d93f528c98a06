import { HttpStatus } from '@nestjs/common';

import { DomainError } from '../common/domain-error';

/** The account calls' own refusals (codes and sessions refuse in `auth/auth-errors.ts`). */
export const usersErrors = {
  /** Only the mailbox's owner holds the sign-up code, so saying so reveals nothing. */
  accountExists: () =>
    new DomainError(
      'ACCOUNT.EXISTS',
      'An account with this email already exists. Please log in.',
      HttpStatus.CONFLICT,
    ),
  blockSelf: () => new DomainError('USER.BLOCK_SELF', 'You cannot block yourself.'),
  notFound: () => new DomainError('USER.NOT_FOUND', 'User not found.', HttpStatus.NOT_FOUND),
};
