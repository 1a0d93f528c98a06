import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { usersErrors } from '../../users-errors';
import { UsersStore } from '../../users.store';
import { BlockUserCommand } from './block-user.command';

@CommandHandler(BlockUserCommand)
export class BlockUserHandler implements ICommandHandler<BlockUserCommand> {
  constructor(private readonly users: UsersStore) {}

  async execute({ blockerId, blockedId }: BlockUserCommand): Promise<void> {
    if (blockerId === blockedId) {
      throw usersErrors.blockSelf();
    }
    if (!(await this.users.existsById(blockedId))) {
      throw usersErrors.notFound();
    }
    await this.users.block(blockerId, blockedId);
  }
}
