import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { sessionErrors } from '../../../auth/sessions/sessions';
import { User } from '../../user.entity';
import { toUserView, type UserView } from '../../user-view';
import { EditProfileCommand, SELF_DESCRIBED } from './edit-profile.command';

@CommandHandler(EditProfileCommand)
export class EditProfileHandler implements ICommandHandler<EditProfileCommand> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ userId, profile }: EditProfileCommand): Promise<UserView> {
    const users = this.dataSource.getRepository(User);
    const { affected } = await users.update(
      { id: userId },
      {
        fullname: profile.fullname,
        phone: profile.phone,
        gender:
          profile.gender === SELF_DESCRIBED
            ? (profile.genderDescription ?? SELF_DESCRIBED)
            : profile.gender,
        ageRange: profile.ageRange,
        city: profile.location.city ?? null,
        town: profile.location.town ?? null,
        country: profile.location.country ?? null,
        occupation: profile.occupation ?? null,
      },
    );
    if (affected === 0) {
      throw sessionErrors.unauthenticated();
    }
    return toUserView(await users.findOneByOrFail({ id: userId }));
  }
}
