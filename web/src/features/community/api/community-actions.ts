import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiSchemas } from '@/api/types';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/toasts';

import { COMMUNITY_KEY, feedKey } from './community-reads';
import type { Post } from './types';

/** SPEC §8: the community's success and fallback texts. */
export const COMMUNITY_TEXTS = {
  created: 'Post created successfully!',
  createFailed: 'Failed to create post',
  reported: 'Post reported successfully!',
  reportFailed: 'Failed to report post',
  blocked: 'User blocked successfully!',
  blockFailed: 'Failed to block user',
} as const;

type Feed = InfiniteData<Post[], number>;

export interface NewPost {
  content: string;
  categoryId: string;
  image: File | null;
}

/**
 * POST /community/create-post: multipart (content, categoryId, image) with an image, JSON without
 * one, since the API counts every multipart request against the hour's uploads before it reads
 * the body. The new post goes to the top of its category's feed and of the all-categories feed at
 * once; a refetch follows.
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, categoryId, image }: NewPost) => {
      let body: FormData | { content: string; categoryId: string } = { content, categoryId };
      if (image !== null) {
        body = new FormData();
        body.append('content', content);
        body.append('categoryId', categoryId);
        body.append('image', image);
      }
      return apiRequest<Post>('/community/create-post', {
        method: 'POST',
        auth: true,
        body,
        fallback: COMMUNITY_TEXTS.createFailed,
      });
    },
    onSuccess: async (reply) => {
      notify.success(reply.message || COMMUNITY_TEXTS.created);
      const post = reply.data;
      for (const key of [feedKey(post.categoryId), feedKey(null)]) {
        queryClient.setQueryData<Feed>(key, (feed) =>
          feed === undefined
            ? feed
            : { ...feed, pages: feed.pages.map((page, i) => (i === 0 ? [post, ...page] : page)) },
        );
      }
      await queryClient.invalidateQueries({ queryKey: [...COMMUNITY_KEY, 'feed'] });
    },
  });
}

/** POST /community/report-post; the server's message is shown. */
export function useReportPost() {
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest<ApiSchemas['ReportedPost']>('/community/report-post', {
        method: 'POST',
        auth: true,
        body: { postId },
        fallback: COMMUNITY_TEXTS.reportFailed,
      }),
    onSuccess: (reply) => notify.success(reply.message || COMMUNITY_TEXTS.reported),
    onError: (error) => notify.error(error.message),
  });
}

/** POST /users/block-user: the member's posts leave every loaded feed at once. */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIdToBlock: string) =>
      apiRequest<null>('/users/block-user', {
        method: 'POST',
        auth: true,
        body: { userIdToBlock },
        fallback: COMMUNITY_TEXTS.blockFailed,
      }),
    onSuccess: async (reply, blockedId) => {
      notify.success(reply.message || COMMUNITY_TEXTS.blocked);
      queryClient.setQueriesData<Feed>({ queryKey: [...COMMUNITY_KEY, 'feed'] }, (feed) =>
        feed === undefined
          ? feed
          : {
              ...feed,
              pages: feed.pages.map((page) => page.filter((post) => post.user._id !== blockedId)),
            },
      );
      await queryClient.invalidateQueries({ queryKey: [...COMMUNITY_KEY, 'feed'] });
    },
    onError: (error) => notify.error(error.message),
  });
}
