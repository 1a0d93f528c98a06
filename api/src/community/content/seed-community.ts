import type { EntityManager } from 'typeorm';

export interface SeedCommunityCategory {
  slug: string;
  title: string;
}

export interface SeedPost {
  slug: string;
  categorySlug: string;
  authorEmail: string;
  content: string;
}

/** Loads the community's categories by slug; running it twice changes nothing. */
export async function seedCommunityCategories(
  manager: EntityManager,
  categories: readonly SeedCommunityCategory[],
): Promise<void> {
  for (const [position, category] of categories.entries()) {
    await manager.query(
      `INSERT INTO app.community_categories (slug, title, position) VALUES ($1, $2, $3)
       ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, position = EXCLUDED.position`,
      [category.slug, category.title, position],
    );
  }
}

/**
 * Welcome posts by the demo members (local development only), keyed by slug; each keeps the
 * time it was first posted.
 */
export async function seedWelcomePosts(
  manager: EntityManager,
  posts: readonly SeedPost[],
): Promise<void> {
  for (const post of posts) {
    const [row] = await manager.query<unknown[]>(
      `INSERT INTO app.posts (seed_slug, user_id, category_id, content)
       SELECT $1, u.id, c.id, $4
       FROM app.users u, app.community_categories c
       WHERE u.email = $2 AND c.slug = $3
       ON CONFLICT (seed_slug) DO UPDATE SET
         user_id = EXCLUDED.user_id, category_id = EXCLUDED.category_id, content = EXCLUDED.content
       RETURNING 1`,
      [post.slug, post.authorEmail, post.categorySlug, post.content],
    );
    if (row === undefined) {
      throw new Error(`welcome post ${post.slug}: no member ${post.authorEmail} or category`);
    }
  }
}
