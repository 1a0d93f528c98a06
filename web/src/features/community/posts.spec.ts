import type { Post } from './api/types';
import { filterPosts, flattenFeed, linkify, postProblem } from './posts';

const post = (id: string, content: string, author = 'Ada Lovelace'): Post => ({
  _id: id,
  user: { _id: `u-${author}`, fullname: author },
  categoryId: 'c1',
  createdAt: '2026-11-20T10:00:00.000Z',
  content,
  postMedia: null,
  postMediaWidth: null,
  postMediaHeight: null,
  hidden: false,
});

describe(filterPosts.name, () => {
  const posts = [
    post('1', 'Welcome to the community!'),
    post('2', 'Stuck on a quiz question', 'Grace Hopper'),
  ];

  it('keeps every post for an empty search', () => {
    expect(filterPosts(posts, '  ')).toEqual(posts);
  });

  it('matches text and author, any case, every word', () => {
    expect(filterPosts(posts, 'QUIZ').map((p) => p._id)).toEqual(['2']);
    expect(filterPosts(posts, 'grace').map((p) => p._id)).toEqual(['2']);
    expect(filterPosts(posts, 'ada welcome').map((p) => p._id)).toEqual(['1']);
    expect(filterPosts(posts, 'ada quiz')).toEqual([]);
  });
});

describe(flattenFeed.name, () => {
  it('lists each post once when pages overlap after new posts arrive', () => {
    const [a, b, c] = [post('a', 'a'), post('b', 'b'), post('c', 'c')];
    expect(
      flattenFeed([
        [a, b],
        [b, c],
      ]).map((p) => p._id),
    ).toEqual(['a', 'b', 'c']);
    expect(flattenFeed(undefined)).toEqual([]);
  });
});

describe(postProblem.name, () => {
  const image = new File(['x'], 'x.png', { type: 'image/png' });

  it("says SPEC's messages in SPEC's order", () => {
    expect(postProblem({ content: ' ', categoryId: '', mode: 'photo', image: null })).toBe(
      'All fields required',
    );
    expect(postProblem({ content: 'Hi', categoryId: '', mode: 'photo', image: null })).toBe(
      'Please select the category',
    );
    expect(postProblem({ content: 'Hi', categoryId: 'c1', mode: 'photo', image: null })).toBe(
      'Please select an image!',
    );
    expect(postProblem({ content: 'Hi', categoryId: 'c1', mode: 'photo', image })).toBeNull();
    expect(postProblem({ content: 'Hi', categoryId: 'c1', mode: 'text', image: null })).toBeNull();
  });
});

describe(linkify.name, () => {
  it('turns web addresses into links and leaves the rest as text', () => {
    expect(linkify('Read https://example.org/a?b=1, then ask.')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: ', then ask.' },
    ]);
  });

  it('never makes markup or other schemes into links', () => {
    expect(linkify('<a href="javascript:alert(1)">x</a> javascript:alert(1)')).toEqual([
      { kind: 'text', text: '<a href="javascript:alert(1)">x</a> javascript:alert(1)' },
    ]);
  });
});
