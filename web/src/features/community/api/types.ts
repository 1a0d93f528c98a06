/**
 * The community's answers as the API sends them (api/src/community, SPEC §3). Restated by hand
 * until the web's types are generated from the OpenAPI document (issue 19).
 */

/** SPEC §3 "Community category". */
export interface CommunityCategory {
  _id: string;
  title: string;
}

/** SPEC §3 "Post", with the image's size (so its space is kept while it loads). */
export interface Post {
  _id: string;
  user: { _id: string; fullname: string };
  categoryId: string;
  createdAt: string;
  content: string;
  /** The image's path on the API host, or null for a text post. */
  postMedia: string | null;
  postMediaWidth: number | null;
  postMediaHeight: number | null;
  /** Hidden after reports: only its author still sees it. */
  hidden: boolean;
}
