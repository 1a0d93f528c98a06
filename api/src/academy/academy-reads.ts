import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { academyErrors, assertSelf } from './academy-errors';
import { isUuid } from '../common/ids';
import { Sql } from '../database/sql';
import {
  type AcademyCategoryView,
  type CourseDetailView,
  type CourseSummaryView,
  type EnrollmentView,
  type ModuleOutlineView,
  type ModuleProgressView,
  type ModuleView,
  percentDone,
  type ProgressView,
} from './academy-views';
import type { SeedQuestion, SeedSection } from './content/types';

interface SummaryRow {
  id: string;
  title: string;
  description: string;
  rating: number;
  cover_image: string;
  members_count: number;
  module_count: number;
  category_id: string;
  category_title: string;
  category_slug: string;
  enrollment_id: string | null;
  starred: boolean;
  saved: boolean;
  completed: number;
}

interface ModuleRow {
  id: string;
  course_id: string;
  title: string;
  sections: SeedSection[];
  quiz: SeedQuestion[];
  completed: boolean;
  quiz_completed: boolean;
  quiz_score: number | null;
}

/** One module's progress in one enrolment. */
type ProgressRow = Pick<ModuleRow, 'id' | 'completed' | 'quiz_completed' | 'quiz_score'>;

/** A module's outline with one enrolment's progress in it. */
type OutlineRow = Omit<ModuleRow, 'sections' | 'quiz'> & { question_count: number };

/**
 * Courses with the caller's own state (enrolled, progress, saved, starred) in one statement. `$1`
 * is the caller; `filter` is a condition on `c` (course), `cat`, `e` (enrolment) or `s` (saved),
 * and `extra` adds columns.
 */
const summarySql = ({
  filter,
  order = 'cat.position, c.position',
  extra = '',
}: {
  filter: string;
  order?: string;
  extra?: string;
}) => `
  SELECT ${extra} c.id, c.title, c.description, c.rating::float8 AS rating, c.cover_image,
         c.members_count, c.module_count,
         cat.id AS category_id, cat.title AS category_title, cat.slug AS category_slug,
         e.id AS enrollment_id, e.starred_at IS NOT NULL AS starred, s.user_id IS NOT NULL AS saved,
         CASE WHEN e.id IS NULL THEN 0 ELSE (
           SELECT count(*)::int FROM app.module_progress mp
           WHERE mp.enrollment_id = e.id AND mp.completed_at IS NOT NULL
         ) END AS completed
  FROM app.courses c
  JOIN app.academy_categories cat ON cat.id = c.category_id
  LEFT JOIN app.enrollments e ON e.course_id = c.id AND e.user_id = $1
  LEFT JOIN app.saved_courses s ON s.course_id = c.id AND s.user_id = $1
  WHERE ${filter}
  ORDER BY ${order}`;

/** Every course with the caller's (`$1`) state in it: what the catalogue feed reads. */
export const CATALOGUE_SQL = summarySql({ filter: 'true' });

/** Every module of some courses, with one enrolment's progress (`$2`, may be null). */
const MODULES_SQL = `
  SELECT m.id, m.course_id, m.title, m.sections, m.quiz,
         mp.completed_at IS NOT NULL AS completed,
         mp.quiz_completed_at IS NOT NULL AS quiz_completed,
         mp.quiz_score
  FROM app.course_modules m
  LEFT JOIN app.module_progress mp ON mp.module_id = m.id AND mp.enrollment_id = $2
  WHERE m.course_id = ANY($1::uuid[])
  ORDER BY m.course_id, m.position`;

/** The Academy's read side: plain SQL, shaped into SPEC §3's views. */
@Injectable()
export class AcademyReads {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  categories(): Promise<AcademyCategoryView[]> {
    return this.dataSource.query<AcademyCategoryView[]>(
      `SELECT id AS "_id", title, slug FROM app.academy_categories ORDER BY position`,
    );
  }

  /** Every course, or one category's (by id or slug), in catalogue order. */
  async courses(callerId: string, category?: string): Promise<CourseSummaryView[]> {
    const rows =
      category === undefined
        ? await this.sql.rows<SummaryRow>(CATALOGUE_SQL, [callerId])
        : await this.dataSource.query<SummaryRow[]>(
            summarySql({ filter: '(cat.id::text = $2 OR cat.slug = $2)' }),
            [callerId, category],
          );
    return rows.map(toSummary);
  }

  async savedCourses(callerId: string): Promise<{ course: CourseSummaryView; savedAt: Date }[]> {
    const rows = await this.dataSource.query<(SummaryRow & { saved_at: Date })[]>(
      summarySql({
        filter: 's.user_id IS NOT NULL',
        order: 's.created_at DESC, c.id',
        extra: 's.created_at AS saved_at,',
      }),
      [callerId],
    );
    return rows.map((row) => ({ course: toSummary(row), savedAt: row.saved_at }));
  }

  /** One course with its modules and the caller's progress in each; null if there is none. */
  async course(callerId: string, courseId: string): Promise<CourseDetailView | null> {
    const [row] = await this.dataSource.query<(SummaryRow & { overview: string })[]>(
      summarySql({ filter: 'c.id = $2', extra: 'c.overview,' }),
      [callerId, courseId],
    );
    if (row === undefined) {
      return null;
    }
    const modules = await this.dataSource.query<ModuleRow[]>(MODULES_SQL, [
      [courseId],
      row.enrollment_id,
    ]);
    return { ...toSummary(row), overview: row.overview, modules: modules.map(toModule) };
  }

  /** The caller's enrolments, newest first, each with its course's module outline. */
  async enrollments(callerId: string): Promise<EnrollmentView[]> {
    const rows = await this.dataSource.query<(SummaryRow & { enrolled_at: Date })[]>(
      summarySql({
        filter: 'e.id IS NOT NULL',
        order: 'e.created_at DESC, e.id',
        extra: 'e.created_at AS enrolled_at,',
      }),
      [callerId],
    );
    if (rows.length === 0) {
      return [];
    }
    const modules = await this.dataSource.query<OutlineRow[]>(
      `SELECT m.id, m.course_id, m.title, jsonb_array_length(m.quiz) AS question_count,
              mp.completed_at IS NOT NULL AS completed,
              mp.quiz_completed_at IS NOT NULL AS quiz_completed, mp.quiz_score
       FROM app.enrollments e
       JOIN app.course_modules m ON m.course_id = e.course_id
       LEFT JOIN app.module_progress mp ON mp.module_id = m.id AND mp.enrollment_id = e.id
       WHERE e.user_id = $1
       ORDER BY m.course_id, m.position`,
      [callerId],
    );
    const byCourse = groupBy(modules, (module) => module.course_id);
    return rows.map((row) => {
      const courseModules = byCourse.get(row.id) ?? [];
      return {
        ...enrollmentOf(row, courseModules),
        course: {
          ...toSummary(row),
          modules: courseModules.map((module): ModuleOutlineView => ({
            _id: module.id,
            title: module.title,
            questionCount: module.question_count,
          })),
        },
        createdAt: row.enrolled_at,
      };
    });
  }

  /** The caller's enrolment in one course, the course in full; null if not enrolled. */
  async enrollmentDetails(
    callerId: string,
    courseId: string,
  ): Promise<EnrollmentView<CourseDetailView> | null> {
    const course = await this.course(callerId, courseId);
    if (course === null || course.enrollmentId === null) {
      return null;
    }
    const [enrolment] = await this.dataSource.query<{ created_at: Date }[]>(
      `SELECT created_at FROM app.enrollments WHERE id = $1`,
      [course.enrollmentId],
    );
    return {
      _id: course.enrollmentId,
      enrollmentId: course.enrollmentId,
      course,
      progress: course.progress ?? 0,
      moduleProgress: course.modules.map(progressOf),
      starred: course.isStarred,
      createdAt: enrolment!.created_at,
    };
  }

  /**
   * An enrolment the caller may act on: 404 when there is none (SPEC's 'Enrollment information
   * not found'), 403 when it is another member's.
   */
  async ownedEnrollment(
    callerId: string,
    enrollmentId: string,
  ): Promise<{ id: string; courseId: string }> {
    const [row] = isUuid(enrollmentId)
      ? await this.dataSource.query<{ user_id: string; course_id: string }[]>(
          `SELECT user_id, course_id FROM app.enrollments WHERE id = $1`,
          [enrollmentId],
        )
      : [];
    if (row === undefined) {
      throw academyErrors.enrollmentNotFound();
    }
    assertSelf(callerId, row.user_id);
    return { id: enrollmentId, courseId: row.course_id };
  }

  /** A module of the course, with its quiz; 404 when the course has no such module. */
  async moduleOf(
    courseId: string,
    moduleId: string,
  ): Promise<{ id: string; quiz: SeedQuestion[] }> {
    const [row] = isUuid(moduleId)
      ? await this.dataSource.query<{ quiz: SeedQuestion[] }[]>(
          `SELECT quiz FROM app.course_modules WHERE id = $1 AND course_id = $2`,
          [moduleId, courseId],
        )
      : [];
    if (row === undefined) {
      throw academyErrors.moduleNotFound();
    }
    return { id: moduleId, quiz: row.quiz };
  }

  /** One enrolment's progress (the caller's checks are the command's or query's business). */
  async progress(enrollmentId: string, courseId: string): Promise<ProgressView> {
    const modules = await this.dataSource.query<ProgressRow[]>(
      `SELECT m.id, mp.completed_at IS NOT NULL AS completed,
              mp.quiz_completed_at IS NOT NULL AS quiz_completed, mp.quiz_score
       FROM app.course_modules m
       LEFT JOIN app.module_progress mp ON mp.module_id = m.id AND mp.enrollment_id = $2
       WHERE m.course_id = $1
       ORDER BY m.position`,
      [courseId, enrollmentId],
    );
    const moduleProgress = modules.map(progressOfRow);
    return {
      enrollmentId,
      progress: percentDone(
        moduleProgress.filter((item) => item.completed).length,
        moduleProgress.length,
      ),
      moduleProgress,
    };
  }
}

function toSummary(row: SummaryRow): CourseSummaryView {
  const enrolled = row.enrollment_id !== null;
  return {
    _id: row.id,
    courseId: row.id,
    title: row.title,
    description: row.description,
    rating: row.rating,
    coverImage: row.cover_image,
    category: { _id: row.category_id, title: row.category_title, slug: row.category_slug },
    members: row.members_count,
    moduleCount: row.module_count,
    isEnrolled: enrolled,
    isSaved: row.saved,
    isStarred: row.starred,
    enrollmentId: row.enrollment_id,
    progress: enrolled ? percentDone(row.completed, row.module_count) : null,
  };
}

function toModule(row: ModuleRow): ModuleView {
  return {
    _id: row.id,
    title: row.title,
    sections: row.sections,
    quiz: row.quiz,
    completed: row.completed,
    quizCompleted: row.quiz_completed,
    quizScore: row.quiz_score,
  };
}

function progressOf(module: ModuleView): ModuleProgressView {
  return {
    moduleId: module._id,
    completed: module.completed,
    quizCompleted: module.quizCompleted,
    quizScore: module.quizScore,
  };
}

function progressOfRow(row: ProgressRow): ModuleProgressView {
  return {
    moduleId: row.id,
    completed: row.completed,
    quizCompleted: row.quiz_completed,
    quizScore: row.quiz_score,
  };
}

function enrollmentOf(row: SummaryRow, modules: OutlineRow[]) {
  const enrollmentId = row.enrollment_id!;
  return {
    _id: enrollmentId,
    enrollmentId,
    progress: percentDone(row.completed, row.module_count),
    moduleProgress: modules.map(progressOfRow),
    starred: row.starred,
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group === undefined) {
      groups.set(key(item), [item]);
    } else {
      group.push(item);
    }
  }
  return groups;
}
