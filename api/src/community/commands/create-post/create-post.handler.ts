import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { ImageUploads } from '../../../storage/image-uploads';
import { communityErrors } from '../../community-errors';
import { CommunityStore } from '../../community.store';
import type { PostView } from '../../post-view';
import { CreatePostCommand } from './create-post.command';

@CommandHandler(CreatePostCommand)
export class CreatePostHandler implements ICommandHandler<CreatePostCommand> {
  constructor(
    private readonly store: CommunityStore,
    private readonly images: ImageUploads,
  ) {}

  async execute({ authorId, body, image }: CreatePostCommand): Promise<PostView> {
    // The cheap checks first: a post that cannot be published stores no image.
    if (!isUuid(body.categoryId) || !(await this.store.categoryExists(body.categoryId))) {
      throw communityErrors.categoryNotFound();
    }
    const stored = image === undefined ? null : await this.images.accept(image);
    return this.store.createPost({
      authorId,
      categoryId: body.categoryId,
      content: body.content,
      media: stored,
    });
  }
}
