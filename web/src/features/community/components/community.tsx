import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState, PageError } from '@/components/ui/page-state';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toasts';

import { useCategories, useFeed } from '../api/community-reads';
import { filterPosts, flattenFeed } from '../posts';
import styles from './community.module.css';
import { CreatePostModal, type PostMode } from './create-post-modal';
import { PostCard, PostSkeleton } from './post-card';

/** SPEC §2: the page is headed with the product's community name. */
export const COMMUNITY_NAME = 'LendPath Community';

/** SPEC §5: Photo or Text before a category is chosen. */
export const CHOOSE_CATEGORY_FIRST = 'Please select the category first to create the post';

/**
 * /community (SPEC §2): search, category chips (the chosen one in the URL), Photo and Text, the
 * feed (more as the member scrolls), and the create-post modal.
 */
export function Community() {
  const user = useUser();
  const [search, setSearch] = useSearchParams();
  const categoryId = search.get('category');
  const categories = useCategories();
  const feed = useFeed(categoryId);
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<PostMode | null>(null);
  const searchId = useId();

  const choose = (id: string | null) => setSearch(id === null ? {} : { category: id });
  const open = (next: PostMode) => {
    if (categoryId === null) {
      notify.info(CHOOSE_CATEGORY_FIRST);
      return;
    }
    setMode(next);
  };

  const posts = filterPosts(flattenFeed(feed.data?.pages), query);
  // An address naming a category that is not there (an old link): say so, offer all posts.
  const unknownCategory =
    categoryId !== null &&
    categories.isSuccess &&
    !categories.data.some((category) => category._id === categoryId);

  return (
    <>
      <PageHeader title={COMMUNITY_NAME} subtitle="Ask, share and learn with other members" />
      <div className={styles.toolbar}>
        <div className={styles.searchField}>
          <label htmlFor={searchId} className="visually-hidden">
            Search posts
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            placeholder="Search posts and people"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className={styles.postButtons}>
          <Button variant="secondary" onClick={() => open('photo')}>
            Photo
          </Button>
          <Button onClick={() => open('text')}>Text</Button>
        </div>
      </div>
      <nav aria-label="Categories" className={styles.chips}>
        <Chip selected={categoryId === null} onClick={() => choose(null)}>
          All
        </Chip>
        {(categories.data ?? []).map((category) => (
          <Chip
            key={category._id}
            selected={categoryId === category._id}
            onClick={() => choose(category._id)}
          >
            {category.title}
          </Chip>
        ))}
      </nav>

      <section
        aria-label="Posts"
        aria-busy={feed.isPending}
        className={[styles.feed, feed.isPending ? styles.feedLoading : ''].join(' ')}
      >
        {unknownCategory ? (
          <EmptyState
            message="This category does not exist."
            action={
              <Button variant="secondary" onClick={() => choose(null)}>
                Show all posts
              </Button>
            }
          />
        ) : feed.isPending ? (
          <>
            <p className={styles.status}>Loading...</p>
            <PostSkeleton />
            <PostSkeleton />
          </>
        ) : feed.isError ? (
          <PageError message={feed.error.message} onRetry={() => void feed.refetch()} />
        ) : posts.length === 0 ? (
          <EmptyState message="No post available" />
        ) : (
          posts.map((post) => (
            <PostCard key={post._id} post={post} mine={post.user._id === user?._id} />
          ))
        )}
        {!unknownCategory && feed.hasNextPage && (
          <MoreOnScroll
            pages={feed.data?.pages.length ?? 0}
            loading={feed.isFetchingNextPage}
            onMore={() => void feed.fetchNextPage()}
          />
        )}
      </section>

      <CreatePostModal
        mode={mode}
        categories={categories.data ?? []}
        categoryId={categoryId ?? ''}
        onClose={() => setMode(null)}
      />
    </>
  );
}

function Chip({
  selected,
  onClick,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      className={[styles.chip, selected ? styles.chipSelected : ''].join(' ')}
      aria-pressed={selected}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * Loads the next page when the end of the feed comes near; the button does the same for anyone
 * who prefers to ask (or whose browser has no IntersectionObserver).
 */
function MoreOnScroll({
  pages,
  loading,
  onMore,
}: {
  /** Pages loaded so far: a fresh observer after each page says whether the end is still near. */
  pages: number;
  loading: boolean;
  onMore: () => void;
}) {
  const marker = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const element = marker.current;
    if (element === null || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!loading && entries.some((entry) => entry.isIntersecting)) {
          more.current();
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [pages, loading]);
  return (
    <div ref={marker} className={styles.more}>
      <Button variant="secondary" onClick={onMore} busy={loading} busyText="Loading...">
        Show more posts
      </Button>
    </div>
  );
}
