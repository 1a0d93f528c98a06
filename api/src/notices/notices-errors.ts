import { HttpStatus } from '@nestjs/common';

import { DomainError } from '../common/domain-error';

/** The notices module's refusals. */
export const noticesErrors = {
  /** A stop link that is cut short, altered or made up. */
  linkInvalid: () =>
    new DomainError(
      'NOTICE.LINK_INVALID',
      'This link to stop loan notices is not valid. Open it again from your latest loan notice email, or turn loan notices off in your profile.',
      HttpStatus.BAD_REQUEST,
    ),
};
