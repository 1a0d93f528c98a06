/**
 * The Academy's answers as the API sends them (api/src/academy/academy-views.ts, SPEC §3).
 * Restated by hand until the web's types are generated from the OpenAPI document (issue 19).
 */

export interface AcademyCategory {
  _id: string;
  title: string;
  slug: string;
}

/** SPEC §3 "Course card", with the caller's own state. */
export interface CourseSummary {
  _id: string;
  courseId: string;
  title: string;
  description: string;
  /** Out of 5. */
  rating: number;
  /** A path on the API host. */
  coverImage: string;
  category: AcademyCategory;
  members: number;
  moduleCount: number;
  isEnrolled: boolean;
  isSaved: boolean;
  isStarred: boolean;
  enrollmentId: string | null;
  /** Percent of modules completed; null when not enrolled. */
  progress: number | null;
}

/** SPEC §3 "Module progress item". */
export interface ModuleProgress {
  moduleId: string;
  completed: boolean;
  quizCompleted: boolean;
  /** The best score of any attempt, 0–100; null before the first. */
  quizScore: number | null;
}

/** One block of a module's outline (SPEC §3 "Section"). */
export type Section =
  | { type: 'subheading'; content: string }
  | { type: 'paragraph'; content: string }
  | { type: 'image'; content: string; url: string };

/** SPEC §3 "Quiz question". */
export interface QuizQuestion {
  question: string;
  choices: string[];
  correct_answer_index: number;
  reflection_prompt?: string;
}

/** SPEC §3 "Module", with the caller's progress in it. */
export interface CourseModule extends Omit<ModuleProgress, 'moduleId'> {
  _id: string;
  title: string;
  sections: Section[];
  quiz: QuizQuestion[];
}

/** SPEC §3 "Course": one course with its modules (`members` counts who is enrolled). */
export interface CourseDetail extends CourseSummary {
  overview: string;
  modules: CourseModule[];
}

/** A module as the list of enrolments names it. */
export interface ModuleOutline {
  _id: string;
  title: string;
  questionCount: number;
}

/** SPEC §3 "Enrollment". */
export interface Enrollment<TCourse = CourseSummary & { modules: ModuleOutline[] }> {
  _id: string;
  enrollmentId: string;
  course: TCourse;
  progress: number;
  moduleProgress: ModuleProgress[];
  starred: boolean;
  createdAt: string;
}

/** SPEC §3 "Catalogue response data". */
export interface Catalogue {
  trending: CourseSummary[];
  byCategory: { categoryId: string; categoryName: string; courses: CourseSummary[] }[];
}

/** SPEC §3 "Saved item". */
export interface SavedCourse {
  course: CourseSummary;
  savedAt: string;
}

/** SPEC §3 "Quiz progress response", with the percent beside it. */
export interface Progress {
  enrollmentId: string;
  progress: number;
  moduleProgress: ModuleProgress[];
}

/** The answer to POST /academy/progress/quiz: the attempt as the server graded it. */
export interface QuizResult extends Progress {
  moduleId: string;
  score: number;
  gradedBy: 'server' | 'client';
  passed: boolean;
  bestScore: number;
  attempts: number;
}
