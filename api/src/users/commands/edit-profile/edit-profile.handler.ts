import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { sessionErrors } from '../../../auth/auth-errors';
import { toUserView, type UserView } from '../../user-view';
import { UsersStore } from '../../users.store';
import { EditProfileCommand, SELF_DESCRIBED } from './edit-profile.command';

@CommandHandler(EditProfileCommand)
export class EditProfileHandler implements ICommandHandler<EditProfileCommand> {
  constructor(private readonly users: UsersStore) {}

  async execute({ userId, profile }: EditProfileCommand): Promise<UserView> {
    const user = await this.users.updateProfile(userId, {
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
      ...(profile.loanNotices === undefined ? {} : { loanNotices: profile.loanNotices }),
    });
    // A token can outlive its account; that member is simply not signed in any more.
    if (user === null) {
      throw sessionErrors.unauthenticated();
    }
    return toUserView(user);
  }
}
