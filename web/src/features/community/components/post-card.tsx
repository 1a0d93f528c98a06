import { useEffect, useRef, useState } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cardClassName } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { apiFileUrl } from '@/lib/api-client';

import { useBlockUser, useReportPost } from '../api/community-actions';
import type { Post } from '../api/types';
import { linkify } from '../posts';
import styles from './community.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One post of the feed (SPEC §2): author, date, content, optional image, the three-dot menu. */
export function PostCard({ post, mine }: { post: Post; mine: boolean }) {
  return (
    <article className={cardClassName(styles.post)} aria-labelledby={`post-${post._id}-author`}>
      <header className={styles.postHeader}>
        <Avatar name={post.user.fullname} />
        <div className={styles.byline}>
          <span id={`post-${post._id}-author`} className={styles.author}>
            {post.user.fullname}
          </span>
          <time dateTime={post.createdAt} className={styles.date}>
            {dateFormat.format(new Date(post.createdAt))}
          </time>
        </div>
        {!mine && <PostMenu post={post} />}
      </header>
      {post.hidden && (
        <p className={styles.hiddenNote}>
          <Badge tone="warning">Hidden</Badge> Members reported this post, so only you can see it.
        </p>
      )}
      <p className={styles.content}>
        {linkify(post.content).map((piece, index) =>
          piece.kind === 'link' ? (
            <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow ugc">
              {piece.text}
            </a>
          ) : (
            piece.text
          ),
        )}
      </p>
      {post.postMedia !== null && <PostImage post={post} />}
    </article>
  );
}

/**
 * The post's image from the API host (SPEC §2), at most 400 px high (600 px on larger screens).
 * Its width and height come with the post, so its box is drawn before it loads.
 */
function PostImage({ post }: { post: Post }) {
  const sized = post.postMediaWidth !== null && post.postMediaHeight !== null;
  return (
    <div className={styles.media}>
      <img
        src={apiFileUrl(post.postMedia ?? '')}
        alt={`Image shared by ${post.user.fullname}`}
        loading="lazy"
        decoding="async"
        {...(sized ? { width: post.postMediaWidth!, height: post.postMediaHeight! } : {})}
        className={styles.image}
      />
    </div>
  );
}

/** The three dots: 'Report Post' and 'Block User' (SPEC §4), never on one's own posts. */
function PostMenu({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const report = useReportPost();
  const block = useBlockUser();

  useEffect(() => {
    if (!open) {
      return;
    }
    const closeOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const act = (action: () => void) => {
    setOpen(false);
    action();
  };

  return (
    <div ref={wrapper} className={styles.menuWrap}>
      <button
        ref={toggle}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={`post-${post._id}-menu`}
        aria-label={`Post options: ${post.user.fullname}`}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <ul id={`post-${post._id}-menu`} className={styles.menu}>
          <li>
            <button type="button" onClick={() => act(() => report.mutate(post._id))}>
              Report Post
            </button>
          </li>
          <li>
            <button type="button" onClick={() => act(() => block.mutate(post.user._id))}>
              Block User
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** A post's outline while the feed loads. */
export function PostSkeleton() {
  return (
    <div className={cardClassName(styles.post)} aria-hidden="true">
      <div className={styles.postHeader}>
        <Skeleton height={40} width={40} />
        <div className={styles.byline}>
          <Skeleton height={16} width={140} />
          <Skeleton height={14} width={100} />
        </div>
      </div>
      <Skeleton height={48} />
    </div>
  );
}
