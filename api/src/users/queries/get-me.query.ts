import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { sessionErrors } from '../../auth/sessions/sessions';
import { User } from '../user.entity';
import { toUserView, type UserView } from '../user-view';

/** The signed-in member's own detail. */
export class GetMeQuery extends Query<UserView> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetMeQuery)
export class GetMeHandler implements IQueryHandler<GetMeQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ userId }: GetMeQuery): Promise<UserView> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    // A token can outlive its account; that member is simply not signed in any more.
    if (user === null) {
      throw sessionErrors.unauthenticated();
    }
    return toUserView(user);
  }
}
