import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { isUuid } from '../../../common/ids';
import { ImageUploads } from '../../../storage/image-uploads';
import { communityErrors } from '../../community-errors';
import { POST_VIEW_COLUMNS, type PostView } from '../../post-view';
import { CreatePostCommand } from './create-post.command';

@CommandHandler(CreatePostCommand)
export class CreatePostHandler implements ICommandHandler<CreatePostCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly images: ImageUploads,
  ) {}

  async execute({ authorId, body, image }: CreatePostCommand): Promise<PostView> {
    // The cheap checks first: a post that cannot be published stores no image.
    const [category] = isUuid(body.categoryId)
      ? await this.dataSource.query<unknown[]>(
          `SELECT 1 FROM app.community_categories WHERE id = $1`,
          [body.categoryId],
        )
      : [];
    if (category === undefined) {
      throw communityErrors.categoryNotFound();
    }
    const stored = image === undefined ? null : await this.images.accept(image);
    const [post] = await this.dataSource.query<PostView[]>(
      `WITH p AS (
         INSERT INTO app.posts (user_id, category_id, content, media_path, media_width, media_height)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING *
       )
       SELECT ${POST_VIEW_COLUMNS} FROM p JOIN app.users u ON u.id = p.user_id`,
      [
        authorId,
        body.categoryId,
        body.content,
        stored?.path ?? null,
        stored?.width ?? null,
        stored?.height ?? null,
      ],
    );
    return post!;
  }
}
