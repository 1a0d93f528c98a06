/**
 * The shape of the Academy's seed content. The seed loads it idempotently by `slug` (a stable
 * key of our own, never shown), so editing a text and re-seeding updates it in place.
 */

export interface SeedCategory {
  slug: string;
  title: string;
}

/**
 * One block of a module's outline, shown in order (SPEC §3 "Section"): a subheading, a paragraph
 * (any type other than image or subheading is shown as text), or an image whose `url` is a path
 * on the API host and whose `content` is its alt text.
 */
export type SeedSection =
  | { type: 'subheading'; content: string }
  | { type: 'paragraph'; content: string }
  | { type: 'image'; content: string; url: `/content/academy/${string}` };

/** SPEC §3 "Quiz question". */
export interface SeedQuestion {
  question: string;
  choices: string[];
  correct_answer_index: number;
  /** The hint behind 'Show Hint': a question that makes the member think, not the answer. */
  reflection_prompt?: string;
}

export interface SeedModule {
  slug: string;
  title: string;
  sections: SeedSection[];
  quiz: SeedQuestion[];
}

export interface SeedCourse {
  slug: string;
  categorySlug: string;
  title: string;
  /** One or two sentences for the course card. */
  description: string;
  /** The course page's overview paragraph. */
  overview: string;
  /** Shown as the course's rating, out of 5. */
  rating: number;
  coverImage: `/content/academy/${string}`;
  modules: SeedModule[];
}
