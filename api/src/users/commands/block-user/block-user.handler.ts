import { HttpStatus } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { DomainError } from '../../../common/domain-error';
import { User } from '../../user.entity';
import { UserBlock } from '../../user-block.entity';
import { BlockUserCommand } from './block-user.command';

export const blockUserErrors = {
  self: () => new DomainError('USER.BLOCK_SELF', 'You cannot block yourself.'),
  notFound: () => new DomainError('USER.NOT_FOUND', 'User not found.', HttpStatus.NOT_FOUND),
};

@CommandHandler(BlockUserCommand)
export class BlockUserHandler implements ICommandHandler<BlockUserCommand> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ blockerId, blockedId }: BlockUserCommand): Promise<void> {
    if (blockerId === blockedId) {
      throw blockUserErrors.self();
    }
    if (!(await this.dataSource.getRepository(User).existsBy({ id: blockedId }))) {
      throw blockUserErrors.notFound();
    }
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(UserBlock)
      .values({ blockerId, blockedId })
      .orIgnore()
      .execute();
  }
}
