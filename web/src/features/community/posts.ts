import type { Post } from './api/types';

/** The loaded pages as one list, newest first, each post once (pages shift as posts arrive). */
export function flattenFeed(pages: readonly (readonly Post[])[] | undefined): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const post of (pages ?? []).flat()) {
    if (!seen.has(post._id)) {
      seen.add(post._id);
      posts.push(post);
    }
  }
  return posts;
}

/** The search box: posts whose text or author contains every word typed, any case. */
export function filterPosts(posts: readonly Post[], query: string): Post[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return [...posts];
  }
  return posts.filter((post) => {
    const haystack = `${post.content}\n${post.user.fullname}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** SPEC §5: photo mode without an image (said at the image field). */
export const NO_IMAGE = 'Please select an image!';

/** SPEC §5 "Create post", in SPEC's order: the first message that applies, or null. */
export function postProblem(post: {
  content: string;
  categoryId: string;
  mode: 'text' | 'photo';
  image: File | null;
}): string | null {
  if (post.content.trim() === '') {
    return 'All fields required';
  }
  if (post.categoryId === '') {
    return 'Please select the category';
  }
  if (post.mode === 'photo' && post.image === null) {
    return NO_IMAGE;
  }
  return null;
}

/** A piece of a post's text: plain words, or a web address shown as a link. */
export type TextPiece =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than an address ("see https://x.org.") */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Splits a post's text into words and links. Posts are plain text: nothing in them is ever read
 * as HTML; only http(s) addresses become links.
 */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) {
      pieces.push({ kind: 'text', text: text.slice(last, start) });
    }
    pieces.push({ kind: 'link', text: address, href: address });
    last = start + address.length;
  }
  if (last < text.length) {
    pieces.push({ kind: 'text', text: text.slice(last) });
  }
  return pieces;
}
