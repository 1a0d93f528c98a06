/** SPEC §3 "Post". */
export interface PostView {
  _id: string;
  user: { _id: string; fullname: string };
  categoryId: string;
  createdAt: Date;
  content: string;
  /** The image's path on the API host, or null for a text post. */
  postMedia: string | null;
  /**
   * The stored image's size in pixels (of one frame, when animated), so the page can reserve its
   * space before it loads; null for a text post and for images stored before sizes were kept.
   */
  postMediaWidth: number | null;
  postMediaHeight: number | null;
  /** Hidden after reports: only its author still sees it, marked so. */
  hidden: boolean;
}

/** The columns of a {@link PostView}, from `app.posts p` joined with `app.users u`. */
export const POST_VIEW_COLUMNS = `
  p.id AS "_id",
  json_build_object('_id', u.id, 'fullname', u.fullname) AS "user",
  p.category_id AS "categoryId",
  p.created_at AS "createdAt",
  p.content,
  p.media_path AS "postMedia",
  p.media_width AS "postMediaWidth",
  p.media_height AS "postMediaHeight",
  p.hidden_at IS NOT NULL AS hidden`;
