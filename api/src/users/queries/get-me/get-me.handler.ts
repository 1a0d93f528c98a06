import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { sessionErrors } from '../../../auth/auth-errors';
import { toUserView, type UserView } from '../../user-view';
import { UsersStore } from '../../users.store';
import { GetMeQuery } from './get-me.query';

@QueryHandler(GetMeQuery)
export class GetMeHandler implements IQueryHandler<GetMeQuery> {
  constructor(private readonly users: UsersStore) {}

  async execute({ userId }: GetMeQuery): Promise<UserView> {
    const user = await this.users.profile(userId);
    // A token can outlive its account; that member is simply not signed in any more.
    if (user === undefined) {
      throw sessionErrors.unauthenticated();
    }
    return toUserView(user);
  }
}
