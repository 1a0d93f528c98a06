import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { Sql } from '../database/sql';
import { User } from './user.entity';
import type { UserViewSource } from './user-view';
import { UserBlock } from './user-block.entity';

/** The columns of a {@link UserViewSource}, named as the User entity names them. */
export const GET_ME_SQL = `
  SELECT id, fullname, email, phone, gender, age_range AS "ageRange", city, town, country,
         occupation, loan_notices AS "loanNotices"
  FROM app.users WHERE id = $1`;

/** What sign-up stores of a new member; the address is the one the code proved. */
export interface NewUser {
  email: string;
  phone: string;
  fullname: string;
  passwordHash: string;
}

/** The profile fields a member may change; `loanNotices` left out stays as it is. */
export type ProfileChange = Pick<
  User,
  'fullname' | 'phone' | 'gender' | 'ageRange' | 'city' | 'town' | 'country' | 'occupation'
> &
  Partial<Pick<User, 'loanNotices'>>;

/** Whom a loan notice goes to, and whether they still want it. */
export type NoticeRecipient = Pick<User, 'id' | 'email' | 'fullname' | 'loanNotices'>;

/**
 * The users module's tables, `app.users` and `app.user_blocks`, through their TypeORM entities.
 * Other modules ask here (login finds its member by address) rather than reading them.
 * Methods that take a `manager` run inside the caller's transaction ({@link transaction}).
 */
@Injectable()
export class UsersStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  /** Runs `work` in one transaction, for handlers whose writes must stand or fall together. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** What GET /users/me shows, on every signed-in page load: a prepared statement. */
  async profile(id: string): Promise<UserViewSource | undefined> {
    const [user] = await this.sql.rows<UserViewSource>(GET_ME_SQL, [id]);
    return user;
  }

  findById(id: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ id });
  }

  findByEmail(
    email: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<User | null> {
    return manager.getRepository(User).findOneBy({ email });
  }

  existsById(id: string): Promise<boolean> {
    return this.dataSource.getRepository(User).existsBy({ id });
  }

  existsByEmail(email: string): Promise<boolean> {
    return this.dataSource.getRepository(User).existsBy({ email });
  }

  /** The new member, verified now; null when the address already has an account. */
  async create(user: NewUser): Promise<User | null> {
    const created = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(User)
      .values({ ...user, emailVerifiedAt: () => 'now()' })
      .orIgnore()
      .returning('id')
      .execute();
    // ON CONFLICT DO NOTHING returns no row when the address is taken.
    const [row] = created.raw as { id: string }[];
    if (row === undefined) {
      return null;
    }
    return this.dataSource.getRepository(User).findOneByOrFail({ id: row.id });
  }

  /** The member as changed; null when there is no such member (any more). */
  async updateProfile(id: string, change: ProfileChange): Promise<User | null> {
    const users = this.dataSource.getRepository(User);
    const { affected } = await users.update({ id }, change);
    if (affected === 0) {
      return null;
    }
    return users.findOneByOrFail({ id });
  }

  /** The member a notice is for; undefined when the account is gone. */
  async noticeRecipient(id: string): Promise<NoticeRecipient | undefined> {
    const [user] = await this.dataSource.query<NoticeRecipient[]>(
      `SELECT id, email, fullname, loan_notices AS "loanNotices" FROM app.users WHERE id = $1`,
      [id],
    );
    return user;
  }

  /** Turns a member's loan notices on or off; false when there is no such member. */
  async setLoanNotices(id: string, on: boolean): Promise<boolean> {
    const { affected } = await this.dataSource
      .getRepository(User)
      .update({ id }, { loanNotices: on });
    return affected !== 0;
  }

  async setPasswordHash(id: string, passwordHash: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(User).update({ id }, { passwordHash });
  }

  /** Blocking twice changes nothing. */
  async block(blockerId: string, blockedId: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(UserBlock)
      .values({ blockerId, blockedId })
      .orIgnore()
      .execute();
  }
}
