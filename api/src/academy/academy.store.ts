import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { Sql } from '../database/sql';

import type { AcademyCategoryView } from './academy-views';
import type { SeedQuestion, SeedSection } from './content/types';

/** A course with the caller's own state in it, as {@link summarySql} selects it. */
export interface SummaryRow {
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

export interface ModuleRow {
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
export type ProgressRow = Pick<ModuleRow, 'id' | 'completed' | 'quiz_completed' | 'quiz_score'>;

/** A module's outline with one enrolment's progress in it. */
export type OutlineRow = Omit<ModuleRow, 'sections' | 'quiz'> & { question_count: number };

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

/** One category's courses (`$2`: its id or slug). */
const CATEGORY_COURSES_SQL = summarySql({ filter: '(cat.id::text = $2 OR cat.slug = $2)' });

/** The caller's saved courses, most recently saved first. */
const SAVED_COURSES_SQL = summarySql({
  filter: 's.user_id IS NOT NULL',
  order: 's.created_at DESC, c.id',
  extra: 's.created_at AS saved_at,',
});

/** One course (`$2`) with its overview. */
const COURSE_SQL = summarySql({ filter: 'c.id = $2', extra: 'c.overview,' });

/** The caller's enrolled courses, newest enrolment first. */
const ENROLLED_COURSES_SQL = summarySql({
  filter: 'e.id IS NOT NULL',
  order: 'e.created_at DESC, e.id',
  extra: 'e.created_at AS enrolled_at,',
});

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

/**
 * The Academy's tables (`app.academy_categories`, `courses`, `course_modules`, `enrollments`,
 * `module_progress`, `saved_courses`): every statement the module runs. Ids reach it already
 * checked to be UUIDs where a malformed one would make Postgres throw.
 */
@Injectable()
export class AcademyStore {
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
  courses(callerId: string, category?: string): Promise<SummaryRow[]> {
    return category === undefined
      ? this.sql.rows<SummaryRow>(CATALOGUE_SQL, [callerId])
      : this.dataSource.query<SummaryRow[]>(CATEGORY_COURSES_SQL, [callerId, category]);
  }

  savedCourses(callerId: string): Promise<(SummaryRow & { saved_at: Date })[]> {
    return this.dataSource.query<(SummaryRow & { saved_at: Date })[]>(SAVED_COURSES_SQL, [
      callerId,
    ]);
  }

  async course(
    callerId: string,
    courseId: string,
  ): Promise<(SummaryRow & { overview: string }) | undefined> {
    const [row] = await this.dataSource.query<(SummaryRow & { overview: string })[]>(COURSE_SQL, [
      callerId,
      courseId,
    ]);
    return row;
  }

  /** The modules of some courses, with one enrolment's progress (none when it is null). */
  modules(courseIds: string[], enrollmentId: string | null): Promise<ModuleRow[]> {
    return this.dataSource.query<ModuleRow[]>(MODULES_SQL, [courseIds, enrollmentId]);
  }

  enrolledCourses(callerId: string): Promise<(SummaryRow & { enrolled_at: Date })[]> {
    return this.dataSource.query<(SummaryRow & { enrolled_at: Date })[]>(ENROLLED_COURSES_SQL, [
      callerId,
    ]);
  }

  /** The module outlines of every course the caller is enrolled in, with their progress. */
  enrolledOutlines(callerId: string): Promise<OutlineRow[]> {
    return this.dataSource.query<OutlineRow[]>(
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
  }

  async enrolledAt(enrollmentId: string): Promise<Date | undefined> {
    const [row] = await this.dataSource.query<{ created_at: Date }[]>(
      `SELECT created_at FROM app.enrollments WHERE id = $1`,
      [enrollmentId],
    );
    return row?.created_at;
  }

  async enrollment(
    enrollmentId: string,
  ): Promise<{ user_id: string; course_id: string } | undefined> {
    const [row] = await this.dataSource.query<{ user_id: string; course_id: string }[]>(
      `SELECT user_id, course_id FROM app.enrollments WHERE id = $1`,
      [enrollmentId],
    );
    return row;
  }

  /** The member's enrolment in a course, if any. */
  async enrollmentIn(userId: string, courseId: string): Promise<string | undefined> {
    const [row] = await this.dataSource.query<{ id: string }[]>(
      `SELECT id FROM app.enrollments WHERE user_id = $1 AND course_id = $2`,
      [userId, courseId],
    );
    return row?.id;
  }

  /** A module's quiz, when the module belongs to the course. */
  async moduleQuiz(courseId: string, moduleId: string): Promise<SeedQuestion[] | undefined> {
    const [row] = await this.dataSource.query<{ quiz: SeedQuestion[] }[]>(
      `SELECT quiz FROM app.course_modules WHERE id = $1 AND course_id = $2`,
      [moduleId, courseId],
    );
    return row?.quiz;
  }

  /** Every module of a course, in order, with one enrolment's progress in it. */
  progress(enrollmentId: string, courseId: string): Promise<ProgressRow[]> {
    return this.dataSource.query<ProgressRow[]>(
      `SELECT m.id, mp.completed_at IS NOT NULL AS completed,
              mp.quiz_completed_at IS NOT NULL AS quiz_completed, mp.quiz_score
       FROM app.course_modules m
       LEFT JOIN app.module_progress mp ON mp.module_id = m.id AND mp.enrollment_id = $2
       WHERE m.course_id = $1
       ORDER BY m.position`,
      [courseId, enrollmentId],
    );
  }

  /**
   * Enrols the member; null when the course does not exist. `enrolled` is false when they already
   * were (nothing changed).
   */
  enroll(
    userId: string,
    courseId: string,
  ): Promise<{ enrollmentId: string; enrolled: boolean } | null> {
    return this.dataSource.transaction(async (manager) => {
      // Locks the course row: its member count moves in step with the enrolments.
      const [course] = await manager.query<unknown[]>(
        `SELECT 1 FROM app.courses WHERE id = $1 FOR UPDATE`,
        [courseId],
      );
      if (course === undefined) {
        return null;
      }
      const [created] = await manager.query<{ id: string }[]>(
        `INSERT INTO app.enrollments (user_id, course_id) VALUES ($1, $2)
         ON CONFLICT (user_id, course_id) DO NOTHING RETURNING id`,
        [userId, courseId],
      );
      if (created !== undefined) {
        await manager.query(
          `UPDATE app.courses SET members_count = members_count + 1 WHERE id = $1`,
          [courseId],
        );
        return { enrollmentId: created.id, enrolled: true };
      }
      const [existing] = await manager.query<{ id: string }[]>(
        `SELECT id FROM app.enrollments WHERE user_id = $1 AND course_id = $2`,
        [userId, courseId],
      );
      return { enrollmentId: existing!.id, enrolled: false };
    });
  }

  /** Saves the course for the member; false when the course does not exist. */
  async save(userId: string, courseId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<unknown[]>(
      `INSERT INTO app.saved_courses (user_id, course_id)
       SELECT $1, id FROM app.courses WHERE id = $2
       ON CONFLICT (user_id, course_id) DO UPDATE SET user_id = EXCLUDED.user_id
       RETURNING 1`,
      [userId, courseId],
    );
    return row !== undefined;
  }

  async unsave(userId: string, courseId: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM app.saved_courses WHERE user_id = $1 AND course_id = $2`,
      [userId, courseId],
    );
  }

  async markModuleDone(enrollmentId: string, moduleId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO app.module_progress (enrollment_id, module_id, completed_at)
       VALUES ($1, $2, now())
       ON CONFLICT (enrollment_id, module_id) DO UPDATE
         SET completed_at = coalesce(module_progress.completed_at, EXCLUDED.completed_at)`,
      [enrollmentId, moduleId],
    );
  }

  /** Records one quiz attempt; answers the best score kept and the attempts so far. */
  async recordQuizAttempt(
    enrollmentId: string,
    moduleId: string,
    score: number,
  ): Promise<{ quiz_score: number; quiz_attempts: number }> {
    const [stored] = await this.dataSource.query<{ quiz_score: number; quiz_attempts: number }[]>(
      `INSERT INTO app.module_progress
         (enrollment_id, module_id, quiz_score, quiz_attempts, quiz_completed_at)
       VALUES ($1, $2, $3, 1, now())
       ON CONFLICT (enrollment_id, module_id) DO UPDATE SET
         quiz_score = greatest(module_progress.quiz_score, EXCLUDED.quiz_score),
         quiz_attempts = module_progress.quiz_attempts + 1,
         quiz_completed_at = coalesce(module_progress.quiz_completed_at, now())
       RETURNING quiz_score, quiz_attempts`,
      [enrollmentId, moduleId, score],
    );
    return stored!;
  }

  async star(enrollmentId: string, starred: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE app.enrollments
       SET starred_at = CASE WHEN $2 THEN coalesce(starred_at, now()) ELSE NULL END
       WHERE id = $1`,
      [enrollmentId, starred],
    );
  }
}
