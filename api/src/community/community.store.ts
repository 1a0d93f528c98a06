import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { Sql } from '../database/sql';
import { POST_VIEW_COLUMNS, type PostView } from './post-view';

/** SPEC §3 "Community category", with the slug beside it. */
export interface CommunityCategoryView {
  _id: string;
  title: string;
  slug: string;
}

/** A new post as the store writes it; the image, when there is one, is already stored. */
export interface NewPost {
  authorId: string;
  categoryId: string;
  content: string;
  media: { path: string; width: number; height: number } | null;
}

/** When reports hide a post (the deployment's COMMUNITY_* settings). */
export interface ReportRules {
  reportsToHide: number;
  reporterMinAgeHours: number;
}

/**
 * One page of posts, newest first, as the caller may see them: without the posts of members the
 * caller blocked, and without hidden posts unless the caller wrote them. `$1` caller, `$2` limit,
 * `$3` offset.
 */
const feedSql = (category: string) => `
  SELECT ${POST_VIEW_COLUMNS}
  FROM app.posts p
  JOIN app.users u ON u.id = p.user_id
  WHERE ${category}
    (p.hidden_at IS NULL OR p.user_id = $1)
    AND NOT EXISTS (
      SELECT 1 FROM app.user_blocks b WHERE b.blocker_id = $1 AND b.blocked_id = p.user_id
    )
  ORDER BY p.created_at DESC, p.id DESC
  LIMIT $2 OFFSET $3`;

/** Every category's posts: read in full and sorted, however it is planned. */
const FEED_SQL = feedSql('');

/**
 * One category's posts (`$4`): a walk down `posts_feed` for that category, the plan for any
 * category and page, so it runs with a generic plan. A text of its own rather than
 * `($4 IS NULL OR p.category_id = $4)` in one: a generic plan of that reads every post.
 */
export const CATEGORY_FEED_SQL = feedSql('p.category_id = $4 AND');

/**
 * The community's tables (`app.community_categories`, `posts`, `post_reports`). Posts are shown
 * with their author's name and filtered by the caller's blocks, which are the users module's
 * (`app.users`, `app.user_blocks`): joined read-only here.
 */
@Injectable()
export class CommunityStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  categories(): Promise<CommunityCategoryView[]> {
    return this.dataSource.query<CommunityCategoryView[]>(
      `SELECT id AS "_id", title, slug FROM app.community_categories ORDER BY position`,
    );
  }

  async categoryExists(categoryId: string): Promise<boolean> {
    const [category] = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM app.community_categories WHERE id = $1`,
      [categoryId],
    );
    return category !== undefined;
  }

  /** `categoryId` null: every category's posts. */
  feed(
    callerId: string,
    categoryId: string | null,
    page: { limit: number; offset: number },
  ): Promise<PostView[]> {
    return categoryId === null
      ? this.sql.rows<PostView>(FEED_SQL, [callerId, page.limit, page.offset])
      : this.sql.rows<PostView>(
          CATEGORY_FEED_SQL,
          [callerId, page.limit, page.offset, categoryId],
          { plan: 'generic' },
        );
  }

  async createPost(post: NewPost): Promise<PostView> {
    const [created] = await this.dataSource.query<PostView[]>(
      `WITH p AS (
         INSERT INTO app.posts (user_id, category_id, content, media_path, media_width, media_height)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING *
       )
       SELECT ${POST_VIEW_COLUMNS} FROM p JOIN app.users u ON u.id = p.user_id`,
      [
        post.authorId,
        post.categoryId,
        post.content,
        post.media?.path ?? null,
        post.media?.width ?? null,
        post.media?.height ?? null,
      ],
    );
    return created!;
  }

  /** Who wrote the post; undefined when there is no such post. */
  async postAuthor(postId: string): Promise<string | undefined> {
    const [post] = await this.dataSource.query<{ user_id: string }[]>(
      `SELECT user_id FROM app.posts WHERE id = $1`,
      [postId],
    );
    return post?.user_id;
  }

  /**
   * Records the member's report of a post, once; false when they had reported it before. A
   * report that counts (see below) may hide the post, in the same transaction.
   */
  report(
    postId: string,
    reporterId: string,
    reason: string | null,
    rules: ReportRules,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [report] = await manager.query<unknown[]>(
        `INSERT INTO app.post_reports (post_id, reporter_id, reason) VALUES ($1, $2, $3)
         ON CONFLICT (post_id, reporter_id) DO NOTHING RETURNING 1`,
        [postId, reporterId, reason],
      );
      if (report === undefined) {
        return false;
      }
      // report_count holds the reports that count: from accounts old enough when they reported,
      // so accounts made to hide a post cannot (the others stay in post_reports for moderators).
      // One row update: concurrent reports count up one by one, and the one that reaches the
      // threshold hides the post. A hidden post stays hidden if the threshold is raised later.
      await manager.query(
        `UPDATE app.posts p SET
           report_count = p.report_count + 1,
           hidden_at = CASE WHEN p.report_count + 1 >= $2 THEN coalesce(p.hidden_at, now())
                            ELSE p.hidden_at END
         FROM app.users reporter
         WHERE p.id = $1
           AND reporter.id = $3
           AND reporter.created_at <= now() - make_interval(hours => $4)`,
        [postId, rules.reportsToHide, reporterId, rules.reporterMinAgeHours],
      );
      return true;
    });
  }
}
