import { Query } from '@nestjs/cqrs';

import type { UserView } from '../../user-view';

/** The signed-in member's own detail. */
export class GetMeQuery extends Query<UserView> {
  constructor(readonly userId: string) {
    super();
  }
}
