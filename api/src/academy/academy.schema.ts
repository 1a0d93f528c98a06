import { z } from 'zod';

import { named } from '../openapi';

export const academyCategoryViewSchema = named(
  'AcademyCategoryView',
  z.object({ _id: z.string(), title: z.string(), slug: z.string() }),
);

/** SPEC §3 "Course card", with the caller's own state. */
export const courseSummaryViewSchema = named(
  'CourseSummaryView',
  z.object({
    _id: z.string(),
    courseId: z.string(),
    title: z.string(),
    description: z.string(),
    rating: z.number().describe('Out of 5.'),
    coverImage: z.string().describe('A path on the API host.'),
    category: academyCategoryViewSchema,
    members: z.number().describe('How many members are enrolled.'),
    moduleCount: z.number(),
    isEnrolled: z.boolean(),
    isSaved: z.boolean(),
    isStarred: z.boolean(),
    enrollmentId: z.string().nullable(),
    progress: z
      .number()
      .nullable()
      .describe('Percent of modules completed; null when not enrolled.'),
  }),
);

/** SPEC §3 "Module progress item". */
export const moduleProgressViewSchema = named(
  'ModuleProgressView',
  z.object({
    moduleId: z.string(),
    completed: z.boolean(),
    quizCompleted: z.boolean(),
    quizScore: z
      .number()
      .nullable()
      .describe('The best score of any attempt, 0–100; null before the first.'),
  }),
);

/** SPEC §3 "Section": `image`'s `url` is a path on the API host, `content` its alt text. */
export const sectionSchema = named(
  'Section',
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('subheading'), content: z.string() }),
    z.object({ type: z.literal('paragraph'), content: z.string() }),
    z.object({
      type: z.literal('image'),
      content: z.string(),
      url: z.templateLiteral(['/content/academy/', z.string()]),
    }),
  ]),
);

/** SPEC §3 "Quiz question". */
export const quizQuestionSchema = named(
  'QuizQuestion',
  z.object({
    question: z.string(),
    choices: z.array(z.string()),
    correct_answer_index: z.number(),
    reflection_prompt: z.string().optional(),
  }),
);

/** SPEC §3 "Module", with the caller's progress in it. */
export const moduleViewSchema = named(
  'ModuleView',
  moduleProgressViewSchema.omit({ moduleId: true }).extend({
    _id: z.string(),
    title: z.string(),
    sections: z.array(sectionSchema),
    quiz: z.array(quizQuestionSchema),
  }),
);

/** SPEC §3 "Course": one course with its modules. */
export const courseDetailViewSchema = named(
  'CourseDetailView',
  courseSummaryViewSchema.extend({ overview: z.string(), modules: z.array(moduleViewSchema) }),
);

/** A module as lists of enrolments name it. */
export const moduleOutlineViewSchema = named(
  'ModuleOutlineView',
  z.object({ _id: z.string(), title: z.string(), questionCount: z.number() }),
);

const enrollment = <C extends z.ZodType>(course: C) =>
  z.object({
    _id: z.string(),
    enrollmentId: z.string(),
    course,
    progress: z.number(),
    moduleProgress: z.array(moduleProgressViewSchema),
    starred: z.boolean(),
    createdAt: z.iso.datetime(),
  });

/** SPEC §3 "Enrollment", as GET /academy/enrolled/:userId lists them. */
export const enrollmentViewSchema = named(
  'EnrollmentView',
  enrollment(courseSummaryViewSchema.extend({ modules: z.array(moduleOutlineViewSchema) })),
);

/** SPEC §3 "Enrollment" with the whole course (GET /academy/enrolled/details/…). */
export const enrollmentDetailViewSchema = named(
  'EnrollmentDetailView',
  enrollment(courseDetailViewSchema),
);

/** SPEC §3 "Catalogue response data". */
export const catalogueSchema = named(
  'Catalogue',
  z.object({
    trending: z.array(courseSummaryViewSchema),
    byCategory: z.array(
      z.object({
        categoryId: z.string(),
        categoryName: z.string(),
        courses: z.array(courseSummaryViewSchema),
      }),
    ),
  }),
);

/** SPEC §3 "Saved item". */
export const savedCourseViewSchema = named(
  'SavedCourseView',
  z.object({ course: courseSummaryViewSchema, savedAt: z.iso.datetime() }),
);

/** SPEC §3 "Quiz progress response", with the percent beside it. */
export const progressViewSchema = named(
  'ProgressView',
  z.object({
    enrollmentId: z.string(),
    progress: z.number(),
    moduleProgress: z.array(moduleProgressViewSchema),
  }),
);

/** POST /academy/progress/module: the progress, and the text the client shows. */
export const moduleDoneSchema = named(
  'ModuleDone',
  progressViewSchema.extend({ message: z.string() }),
);

/** POST /academy/progress/quiz: the attempt as the server graded it. */
export const quizResultSchema = named(
  'QuizResult',
  progressViewSchema.extend({
    moduleId: z.string(),
    score: z.number().describe("This attempt's score."),
    gradedBy: z
      .enum(['server', 'client'])
      .describe('Who computed `score`: the server from the answers, or the client.'),
    passed: z.boolean(),
    bestScore: z.number().describe('The best score of all attempts (what the module shows).'),
    attempts: z.number(),
  }),
);

export const enrollResultSchema = named(
  'EnrollResult',
  z.object({
    enrollmentId: z.string(),
    enrolled: z.boolean().describe('False when the member was already enrolled.'),
  }),
);

export const savedCourseSchema = named(
  'SavedCourse',
  z.object({ courseId: z.string(), saved: z.literal(true) }),
);

export const unsavedCourseSchema = named(
  'UnsavedCourse',
  z.object({ courseId: z.string(), saved: z.literal(false) }),
);

export const starredEnrollmentSchema = named(
  'StarredEnrollment',
  z.object({ enrollmentId: z.string(), starred: z.boolean() }),
);
