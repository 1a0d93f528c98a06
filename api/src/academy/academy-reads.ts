import { Injectable } from '@nestjs/common';
import { z } from 'zod';

import { isUuid } from '../common/ids';
import { text } from '../common/text';
import { academyErrors, assertSelf } from './academy-errors';
import {
  AcademyStore,
  type ModuleRow,
  type OutlineRow,
  type ProgressRow,
  type SummaryRow,
} from './academy.store';
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
import type { SeedQuestion } from './content/types';

/** `GET /academy/courses`' query string. */
export const listCoursesParams = z.object({
  /** A category's id or slug. */
  category: text({ name: 'category', required: 'category must name a category (its id or slug)' })
    .max(100, { error: 'category must be at most 100 characters' })
    .optional(),
});

/** How many courses the 'Trending Courses' row shows. */
export const TRENDING_COUNT = 8;

/** SPEC §3 "Catalogue response data". */
export interface Catalogue {
  /** The most joined courses, best rated first among equals. */
  trending: CourseSummaryView[];
  byCategory: { categoryId: string; categoryName: string; courses: CourseSummaryView[] }[];
}

/**
 * The Academy's read side: the store's rows shaped into SPEC §3's views. The controller calls
 * the reads that refuse nothing (categories, courses, the catalogue) directly; the others are
 * behind queries that check the caller first.
 */
@Injectable()
export class AcademyReads {
  constructor(private readonly store: AcademyStore) {}

  categories(): Promise<AcademyCategoryView[]> {
    return this.store.categories();
  }

  /** Every course, or one category's (by id or slug), in catalogue order. */
  async courses(callerId: string, category?: string): Promise<CourseSummaryView[]> {
    return (await this.store.courses(callerId, category)).map(toSummary);
  }

  /** One read of every course; trending and the groups are two views of it. */
  async catalogue(callerId: string): Promise<Catalogue> {
    const courses = await this.courses(callerId);
    const trending = [...courses]
      .sort((a, b) => b.members - a.members || b.rating - a.rating)
      .slice(0, TRENDING_COUNT);
    const byCategory: Catalogue['byCategory'] = [];
    for (const course of courses) {
      const group = byCategory.at(-1);
      if (group?.categoryId === course.category._id) {
        group.courses.push(course);
      } else {
        byCategory.push({
          categoryId: course.category._id,
          categoryName: course.category.title,
          courses: [course],
        });
      }
    }
    return { trending, byCategory };
  }

  async savedCourses(callerId: string): Promise<{ course: CourseSummaryView; savedAt: Date }[]> {
    const rows = await this.store.savedCourses(callerId);
    return rows.map((row) => ({ course: toSummary(row), savedAt: row.saved_at }));
  }

  /** One course with its modules and the caller's progress in each; null if there is none. */
  async course(callerId: string, courseId: string): Promise<CourseDetailView | null> {
    const row = await this.store.course(callerId, courseId);
    if (row === undefined) {
      return null;
    }
    const modules = await this.store.modules([courseId], row.enrollment_id);
    return { ...toSummary(row), overview: row.overview, modules: modules.map(toModule) };
  }

  /** The caller's enrolments, newest first, each with its course's module outline. */
  async enrollments(callerId: string): Promise<EnrollmentView[]> {
    const rows = await this.store.enrolledCourses(callerId);
    if (rows.length === 0) {
      return [];
    }
    const modules = await this.store.enrolledOutlines(callerId);
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
    const enrolledAt = await this.store.enrolledAt(course.enrollmentId);
    return {
      _id: course.enrollmentId,
      enrollmentId: course.enrollmentId,
      course,
      progress: course.progress ?? 0,
      moduleProgress: course.modules.map(progressOf),
      starred: course.isStarred,
      createdAt: enrolledAt!,
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
    const row = isUuid(enrollmentId) ? await this.store.enrollment(enrollmentId) : undefined;
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
    const quiz = isUuid(moduleId) ? await this.store.moduleQuiz(courseId, moduleId) : undefined;
    if (quiz === undefined) {
      throw academyErrors.moduleNotFound();
    }
    return { id: moduleId, quiz };
  }

  /** One enrolment's progress (the caller's checks are the command's or query's business). */
  async progress(enrollmentId: string, courseId: string): Promise<ProgressView> {
    const moduleProgress = (await this.store.progress(enrollmentId, courseId)).map(progressOfRow);
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
