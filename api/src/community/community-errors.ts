import { HttpStatus } from '@nestjs/common';

import { DomainError } from '../common/domain-error';

/** The community's refusals; texts are SPEC §5's where it has one. */
export const communityErrors = {
  categoryNotFound: () =>
    new DomainError(
      'COMMUNITY.CATEGORY_NOT_FOUND',
      'This category does not exist.',
      HttpStatus.NOT_FOUND,
    ),
  postNotFound: () =>
    new DomainError('COMMUNITY.POST_NOT_FOUND', 'Post not found.', HttpStatus.NOT_FOUND),
  reportOwnPost: () =>
    new DomainError('COMMUNITY.REPORT_OWN_POST', 'You cannot report your own post.'),
};
