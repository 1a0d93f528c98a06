/**
 * The community's answers (api/src/community/community.schema.ts, SPEC §3), as the web's types
 * generated from the API's OpenAPI document name them.
 */
import type { ApiSchemas } from '@/api/types';

/** SPEC §3 "Community category". */
export type CommunityCategory = ApiSchemas['CommunityCategoryView'];

/** SPEC §3 "Post", with the image's size (so its space is kept while it loads). */
export type Post = ApiSchemas['PostView'];
