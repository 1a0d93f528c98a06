import { z } from 'zod';

import { named } from '../openapi';

/** SPEC §3 "Community category". */
export const communityCategoryViewSchema = named(
  'CommunityCategoryView',
  z.object({ _id: z.string(), title: z.string(), slug: z.string() }),
);

/** The OpenAPI shape of {@link PostView} (SPEC §3 "Post"). */
export const postViewSchema = named(
  'PostView',
  z.object({
    _id: z.string(),
    user: z.object({ _id: z.string(), fullname: z.string() }),
    categoryId: z.string(),
    createdAt: z.iso.datetime(),
    content: z.string(),
    postMedia: z
      .string()
      .nullable()
      .describe("The image's path on the API host, or null for a text post."),
    postMediaWidth: z
      .number()
      .nullable()
      .describe('Pixels; null for a text post and for images stored before sizes were kept.'),
    postMediaHeight: z.number().nullable(),
    hidden: z.boolean().describe('Hidden after reports: only its author still sees it.'),
  }),
);

export const reportedPostSchema = named(
  'ReportedPost',
  z.object({ postId: z.string(), reported: z.boolean() }),
);
