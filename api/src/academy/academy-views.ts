import type { SeedQuestion, SeedSection } from './content/types';

/** SPEC §3 "Community category"'s twin: categories carry the slug the client's routes use. */
export interface AcademyCategoryView {
  _id: string;
  title: string;
  slug: string;
}

/**
 * A course as the catalogue, saved and enrolled lists show it (SPEC §3 "Course card"), with the
 * caller's own state: enrolled (and progress), saved, starred.
 */
export interface CourseSummaryView {
  _id: string;
  courseId: string;
  title: string;
  description: string;
  rating: number;
  /** A path on the API host (SPEC: prefixed with the host by the client). */
  coverImage: string;
  category: AcademyCategoryView;
  /** How many members are enrolled. */
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
export interface ModuleProgressView {
  moduleId: string;
  completed: boolean;
  quizCompleted: boolean;
  /** The best score of any attempt, 0–100; null before the first. */
  quizScore: number | null;
}

/** SPEC §3 "Module" with the caller's progress in it. */
export interface ModuleView extends Omit<ModuleProgressView, 'moduleId'> {
  _id: string;
  title: string;
  sections: SeedSection[];
  quiz: SeedQuestion[];
}

/**
 * SPEC §3 "Course": the catalogue view of one course, modules included. SPEC's
 * `students_enrolled` (who is enrolled) is not sent: the screen shows only how many, which
 * `members` says, and the list would tell every member who studies what.
 */
export interface CourseDetailView extends CourseSummaryView {
  overview: string;
  modules: ModuleView[];
}

/** A module as lists of enrolments name it: enough for the Quizzes tab. */
export interface ModuleOutlineView {
  _id: string;
  title: string;
  questionCount: number;
}

/** SPEC §3 "Enrollment". */
export interface EnrollmentView<TCourse = CourseSummaryView & { modules: ModuleOutlineView[] }> {
  _id: string;
  enrollmentId: string;
  course: TCourse;
  progress: number;
  moduleProgress: ModuleProgressView[];
  starred: boolean;
  createdAt: Date;
}

/** SPEC §3 "Quiz progress response", with the percent beside it. */
export interface ProgressView {
  enrollmentId: string;
  progress: number;
  moduleProgress: ModuleProgressView[];
}

/** Completed modules over modules, as a whole percent. */
export function percentDone(completed: number, modules: number): number {
  return modules === 0 ? 0 : Math.round((completed / modules) * 100);
}
