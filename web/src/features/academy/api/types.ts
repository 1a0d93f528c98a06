/**
 * The Academy's answers (api/src/academy/academy.schema.ts, SPEC §3), as the web's types
 * generated from the API's OpenAPI document name them.
 */
import type { ApiSchemas } from '@/api/types';

export type AcademyCategory = ApiSchemas['AcademyCategoryView'];

/** SPEC §3 "Course card", with the caller's own state. */
export type CourseSummary = ApiSchemas['CourseSummaryView'];

/** SPEC §3 "Module progress item". */
export type ModuleProgress = ApiSchemas['ModuleProgressView'];

/** One block of a module's outline (SPEC §3 "Section"). */
export type Section = ApiSchemas['Section'];

/** SPEC §3 "Quiz question". */
export type QuizQuestion = ApiSchemas['QuizQuestion'];

/** SPEC §3 "Module", with the caller's progress in it. */
export type CourseModule = ApiSchemas['ModuleView'];

/** SPEC §3 "Course": one course with its modules (`members` counts who is enrolled). */
export type CourseDetail = ApiSchemas['CourseDetailView'];

/** A module as the list of enrolments names it. */
export type ModuleOutline = ApiSchemas['ModuleOutlineView'];

/**
 * SPEC §3 "Enrollment": with the course as the list of enrolments shows it, or (`CourseDetail`)
 * as GET /academy/enrolled/details answers it.
 */
export type Enrollment<TCourse = ApiSchemas['EnrollmentView']['course']> = Omit<
  ApiSchemas['EnrollmentView'],
  'course'
> & { course: TCourse };

/** SPEC §3 "Catalogue response data". */
export type Catalogue = ApiSchemas['Catalogue'];

/** SPEC §3 "Saved item". */
export type SavedCourse = ApiSchemas['SavedCourseView'];

/** The answer to POST /academy/progress/quiz: the attempt as the server graded it. */
export type QuizResult = ApiSchemas['QuizResult'];
