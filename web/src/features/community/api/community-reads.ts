import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import type { CommunityCategory, Post } from './types';

/** Every community read sits under this key. */
export const COMMUNITY_KEY = ['community'] as const;

/** Posts per page of the feed; a shorter page is the last (the API's paging). */
export const FEED_PAGE_SIZE = 20;

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...COMMUNITY_KEY, 'categories'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<CommunityCategory[]>('/community/get-categories', {
          auth: true,
          fallback: 'Failed to load the categories',
          signal,
        })
      ).data,
    staleTime: 10 * 60_000,
  });

/** The feed's key: one category's posts, or every category's (null). */
export const feedKey = (categoryId: string | null) =>
  [...COMMUNITY_KEY, 'feed', categoryId ?? 'all'] as const;

export const feedQueryOptions = (categoryId: string | null) =>
  infiniteQueryOptions({
    queryKey: feedKey(categoryId),
    queryFn: async ({ pageParam, signal }) => {
      const path = categoryId === null ? '/community/feed' : `/community/feed/${categoryId}`;
      const query = new URLSearchParams({
        page: String(pageParam),
        limit: String(FEED_PAGE_SIZE),
      });
      return (
        await apiRequest<Post[]>(`${path}?${query.toString()}`, {
          auth: true,
          fallback: 'Failed to load posts',
          signal,
        })
      ).data;
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      last.length < FEED_PAGE_SIZE ? undefined : pages.length + 1,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function useFeed(categoryId: string | null) {
  return useInfiniteQuery(feedQueryOptions(categoryId));
}
