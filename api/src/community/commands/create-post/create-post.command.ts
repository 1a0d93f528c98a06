import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';
import type { UploadedImageFile } from '../../../storage/image-uploads';
import type { PostView } from '../../post-view';

const allFields = 'All fields required';
const category = 'Please select the category';

/** SPEC §3 "Create-post payload" (multipart; the image is a file part), checked in SPEC's order. */
export const createPostBody = z.object({
  content: text({
    name: 'Post content',
    required: allFields,
    multiline: true,
    invisible: 'A post needs some visible text.',
  }).max(5000, { error: 'Posts can be at most 5000 characters.' }),
  categoryId: text({ name: 'Category', required: category }),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

/** Publishes a member's post in a category, with an optional image. */
export class CreatePostCommand extends Command<PostView> {
  constructor(
    readonly authorId: string,
    readonly body: CreatePostBody,
    readonly image: UploadedImageFile | undefined,
  ) {
    super();
  }
}
