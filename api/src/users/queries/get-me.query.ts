import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { sessionErrors } from '../../auth/sessions/sessions';
import { Sql } from '../../database/sql';
import { toUserView, type UserView, type UserViewSource } from '../user-view';

/** The signed-in member's own detail. */
export class GetMeQuery extends Query<UserView> {
  constructor(readonly userId: string) {
    super();
  }
}

/** The columns of a {@link UserView}, named as the User entity names them. */
export const GET_ME_SQL = `
  SELECT id, fullname, email, phone, gender, age_range AS "ageRange", city, town, country,
         occupation
  FROM app.users WHERE id = $1`;

@QueryHandler(GetMeQuery)
export class GetMeHandler implements IQueryHandler<GetMeQuery> {
  constructor(private readonly sql: Sql) {}

  async execute({ userId }: GetMeQuery): Promise<UserView> {
    const [user] = await this.sql.rows<UserViewSource>(GET_ME_SQL, [userId]);
    // A token can outlive its account; that member is simply not signed in any more.
    if (user === undefined) {
      throw sessionErrors.unauthenticated();
    }
    return toUserView(user);
  }
}
