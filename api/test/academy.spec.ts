import type { INestApplication } from '@nestjs/common';

import type { Catalogue } from '../src/academy/academy-reads';
import type {
  AcademyCategoryView,
  CourseDetailView,
  CourseSummaryView,
  EnrollmentView,
  ProgressView,
} from '../src/academy/academy-views';
import type { QuizResult } from '../src/academy/commands/record-quiz-result/record-quiz-result.command';
import { seed } from '../src/database/seed';
import { createApp } from '../src/main';
import { signedInMember, type TestMember } from './members';
import { testEnv } from './test-env';

describe('academy', () => {
  let app: INestApplication;
  let ada: TestMember;
  let bob: TestMember;
  let courses: CourseSummaryView[];

  beforeAll(async () => {
    const env = testEnv();
    await seed(env.DATABASE_URL);
    app = await createApp(env);
    await app.listen(0, '127.0.0.1');
    const url = await app.getUrl();
    ada = await signedInMember(app, url, 'Ada Learner');
    bob = await signedInMember(app, url, 'Bob Learner');
    courses = (await ada.call<CourseSummaryView[]>('GET', '/academy/courses')).body.data;
  });
  afterAll(() => app.close());

  const course = async (member: TestMember, id: string) =>
    (await member.call<CourseDetailView>('GET', `/academy/courses/${id}`)).body.data;
  const enrol = (member: TestMember, courseId: string) =>
    member.call<{ enrollmentId: string; enrolled: boolean }>('POST', '/academy/enroll', {
      userId: member.id,
      courseId,
    });

  describe('the seeded catalogue', () => {
    it('has at least 6 courses in at least 3 categories, each with a cover on the API host', async () => {
      const categories = (await ada.call<AcademyCategoryView[]>('GET', '/academy/categories')).body
        .data;
      expect(categories.length).toBeGreaterThanOrEqual(3);
      expect(courses.length).toBeGreaterThanOrEqual(6);
      expect(new Set(courses.map((c) => c.category._id)).size).toBeGreaterThanOrEqual(3);
      for (const summary of courses) {
        expect(summary.coverImage).toMatch(/^\/content\/academy\/.+\.svg$/);
        expect(summary.rating).toBeGreaterThan(0);
        expect(summary.description.length).toBeGreaterThan(20);
      }
    });

    it('answers the feed as data.trending and data.byCategory with categoryName and courses', async () => {
      const { status, body } = await ada.call<Catalogue>('GET', '/academy/feed');
      expect(status).toBe(200);
      expect(body.data.trending.length).toBeGreaterThan(0);
      const grouped = body.data.byCategory.flatMap((group) => group.courses);
      expect(grouped.map((c) => c._id).sort()).toEqual(courses.map((c) => c._id).sort());
      for (const group of body.data.byCategory) {
        expect(group.courses.every((c) => c.category.title === group.categoryName)).toBe(true);
      }
    });

    it('filters courses by category slug', async () => {
      const slug = courses[0]!.category.slug;
      const { body } = await ada.call<CourseSummaryView[]>(
        'GET',
        `/academy/courses?category=${slug}`,
      );
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((c) => c.category.slug === slug)).toBe(true);
    });

    it('gives a course in full: overview, category, members and modules with sections and quiz', async () => {
      const detail = await course(ada, courses[0]!._id);
      expect(detail).toMatchObject({
        _id: courses[0]!._id,
        title: courses[0]!.title,
        category: { title: expect.any(String) as string },
        isEnrolled: false,
        progress: null,
      });
      expect(detail.overview.length).toBeGreaterThan(50);
      expect(detail.members).toEqual(expect.any(Number));
      // How many, never who (issue 17).
      expect(detail).not.toHaveProperty('students_enrolled');
      expect(detail.modules.length).toBeGreaterThanOrEqual(3);
      expect(detail.modules.length).toBeLessThanOrEqual(5);
      for (const module of detail.modules) {
        expect(module.sections.map((s) => s.type)).toEqual(
          expect.arrayContaining(['subheading', 'paragraph', 'image']),
        );
        expect(module.quiz.length).toBeGreaterThanOrEqual(4);
        expect(module).toMatchObject({ completed: false, quizCompleted: false, quizScore: null });
      }
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'not-an-id'])(
      'answers 404 for a course that does not exist (%s)',
      async (id) => {
        const { status, body } = await ada.call('GET', `/academy/courses/${id}`);
        expect(status).toBe(404);
        expect(body).toMatchObject({
          success: false,
          code: 'ACADEMY.COURSE_NOT_FOUND',
          message: 'Course not found or may have been removed.',
        });
      },
    );
  });

  describe('enrolling', () => {
    it('enrols once, however often or concurrently it is asked', async () => {
      const target = courses[1]!;
      const before = (await course(ada, target._id)).members;
      const first = await enrol(ada, target._id);
      expect(first.status).toBe(200);
      expect(first.body.message).toBe('Successfully enrolled in the course!');
      const again = await Promise.all([1, 2, 3, 4].map(() => enrol(ada, target._id)));
      for (const answer of again) {
        expect(answer.body.data).toEqual({
          enrollmentId: first.body.data.enrollmentId,
          enrolled: false,
        });
        expect(answer.body.message).toBe('You are already enrolled in this course.');
      }
      const after = await course(ada, target._id);
      expect(after.members).toBe(before + 1);
      expect(after).toMatchObject({ isEnrolled: true, progress: 0 });
    });

    it('says what is missing, and refuses to enrol someone else', async () => {
      for (const body of [{ userId: ada.id }, { courseId: courses[0]!._id }, {}]) {
        const { status, body: answer } = await ada.call('POST', '/academy/enroll', body);
        expect(status).toBe(400);
        expect(answer.message).toBe('Unable to enroll. Missing user ID or course ID.');
      }
      const { status } = await ada.call('POST', '/academy/enroll', {
        userId: bob.id,
        courseId: courses[0]!._id,
      });
      expect(status).toBe(403);
      expect((await enrol(ada, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('lists enrolments with course, progress and moduleProgress, and details as a list', async () => {
      const target = courses[2]!;
      const { enrollmentId } = (await enrol(bob, target._id)).body.data;
      const list = (await bob.call<EnrollmentView[]>('GET', `/academy/enrolled/${bob.id}`)).body
        .data;
      const mine = list.find((item) => item.enrollmentId === enrollmentId)!;
      expect(mine).toMatchObject({ _id: enrollmentId, progress: 0, starred: false });
      expect(mine.course._id).toBe(target._id);
      expect(mine.course.modules.length).toBe(mine.moduleProgress.length);
      expect(mine.course.modules[0]!.questionCount).toBeGreaterThanOrEqual(4);

      const details = (
        await bob.call<EnrollmentView<CourseDetailView>[]>(
          'GET',
          `/academy/enrolled/details/${bob.id}/${target._id}`,
        )
      ).body.data;
      expect(details).toHaveLength(1);
      expect(details[0]!.course.modules[0]!.sections.length).toBeGreaterThan(0);
      const notEnrolled = await bob.call<unknown[]>(
        'GET',
        `/academy/enrolled/details/${bob.id}/${courses[3]!._id}`,
      );
      expect(notEnrolled.body.data).toEqual([]);

      const progress = await bob.call<ProgressView>(
        'GET',
        `/academy/progress/${bob.id}/${target._id}`,
      );
      expect(progress.body.data).toEqual({
        enrollmentId,
        progress: 0,
        moduleProgress: mine.moduleProgress,
      });
      const none = await bob.call('GET', `/academy/progress/${bob.id}/${courses[3]!._id}`);
      expect(none.status).toBe(404);
      expect(none.body.message).toBe(
        'You are not enrolled in this course or it may have been removed.',
      );
    });

    it.each([
      ['enrolled/:other', (other: string) => `/academy/enrolled/${other}`],
      ['saved/:other', (other: string) => `/academy/saved/${other}`],
      ['enrolled/details', (other: string, c: string) => `/academy/enrolled/details/${other}/${c}`],
      ['progress', (other: string, c: string) => `/academy/progress/${other}/${c}`],
    ])('answers 403 for another member’s %s', async (_, path) => {
      const { status, body } = await ada.call('GET', path(bob.id, courses[0]!._id));
      expect(status).toBe(403);
      expect(body.code).toBe('ACADEMY.NOT_YOURS');
    });
  });

  describe('progress', () => {
    it('marks modules done by moduleId or outlineId; progress is completed / modules', async () => {
      const target = courses[3]!;
      const { enrollmentId } = (await enrol(ada, target._id)).body.data;
      const { modules } = await course(ada, target._id);
      const mark = (key: 'moduleId' | 'outlineId', id: string) =>
        ada.call<ProgressView & { message: string }>('POST', '/academy/progress/module', {
          enrollmentId,
          [key]: id,
        });

      const first = await mark('moduleId', modules[0]!._id);
      expect(first.status).toBe(200);
      expect(first.body.data.message).toBe('Marked course outline as done');
      expect(first.body.data.progress).toBe(Math.round((1 / modules.length) * 100));
      const second = await mark('outlineId', modules[1]!._id);
      expect(second.body.data.progress).toBe(Math.round((2 / modules.length) * 100));
      const again = await mark('moduleId', modules[1]!._id);
      expect(again.body.data).toEqual(second.body.data);
      expect(again.body.data.moduleProgress.filter((item) => item.completed)).toHaveLength(2);

      const detail = await course(ada, target._id);
      expect(detail.progress).toBe(second.body.data.progress);
      expect(detail.modules.map((m) => m.completed)).toEqual(modules.map((_, index) => index < 2));
    });

    it('refuses a missing enrolment, another member’s enrolment and another course’s module', async () => {
      const { enrollmentId } = (await enrol(ada, courses[0]!._id)).body.data;
      const otherCourse = await course(ada, courses[1]!._id);
      const missing = await ada.call('POST', '/academy/progress/module', { moduleId: 'x' });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Enrollment information not found');
      const unknown = await ada.call('POST', '/academy/progress/module', {
        enrollmentId: '00000000-0000-4000-8000-000000000000',
        moduleId: otherCourse.modules[0]!._id,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Enrollment information not found');
      const foreign = await bob.call('POST', '/academy/progress/module', {
        enrollmentId,
        moduleId: otherCourse.modules[0]!._id,
      });
      expect(foreign.status).toBe(403);
      const wrongModule = await ada.call('POST', '/academy/progress/module', {
        enrollmentId,
        moduleId: otherCourse.modules[0]!._id,
      });
      expect(wrongModule.status).toBe(404);
      expect(wrongModule.body.code).toBe('ACADEMY.MODULE_NOT_FOUND');
    });

    it('keeps the best quiz score over unlimited attempts, grading answers itself when sent', async () => {
      const target = courses[4]!;
      const { enrollmentId } = (await enrol(ada, target._id)).body.data;
      const module = (await course(ada, target._id)).modules[0]!;
      const right = module.quiz.map((q) => q.correct_answer_index);
      const wrong = module.quiz.map((q) => (q.correct_answer_index + 1) % q.choices.length);
      const attempt = (body: object) =>
        ada.call<QuizResult>('POST', '/academy/progress/quiz', {
          enrollmentId,
          moduleId: module._id,
          ...body,
        });

      // A client claiming 100 with wrong answers gets the server's grade.
      const claimed = await attempt({ score: 100, answers: wrong });
      expect(claimed.body.data).toMatchObject({
        score: 0,
        gradedBy: 'server',
        passed: false,
        bestScore: 0,
      });
      expect((await attempt({ score: 60 })).body.data).toMatchObject({
        score: 60,
        gradedBy: 'client',
        bestScore: 60,
      });
      const perfect = await attempt({ answers: right });
      expect(perfect.body.data).toMatchObject({ score: 100, passed: true, bestScore: 100 });
      const worse = await attempt({ score: 10 });
      expect(worse.body.data).toMatchObject({ score: 10, bestScore: 100, attempts: 4 });
      expect(worse.body.data.moduleProgress[0]).toEqual({
        moduleId: module._id,
        completed: false,
        quizCompleted: true,
        quizScore: 100,
      });
      const detail = await course(ada, target._id);
      expect(detail.modules[0]).toMatchObject({ quizCompleted: true, quizScore: 100 });
    });

    it('refuses answers that do not fit the quiz and scores out of range', async () => {
      const target = courses[4]!;
      const { enrollmentId } = (await enrol(ada, target._id)).body.data;
      const module = (await course(ada, target._id)).modules[1]!;
      const short = await ada.call('POST', '/academy/progress/quiz', {
        enrollmentId,
        moduleId: module._id,
        answers: [0],
      });
      expect(short.status).toBe(400);
      expect(short.body.code).toBe('ACADEMY.QUIZ_ANSWERS_INVALID');
      for (const score of [-1, 101, '50']) {
        const answer = await ada.call('POST', '/academy/progress/quiz', {
          enrollmentId,
          moduleId: module._id,
          score,
        });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('The score must be a number from 0 to 100.');
      }
    });
  });

  describe('saving and starring', () => {
    it('saves and unsaves idempotently, and lists saved courses', async () => {
      const target = courses[5]!;
      const body = { userId: bob.id, courseId: target._id };
      for (let i = 0; i < 2; i += 1) {
        const saved = await bob.call('POST', '/academy/save', body);
        expect(saved.status).toBe(200);
        expect(saved.body.message).toBe('Course saved!');
      }
      const list = await bob.call<{ course: CourseSummaryView }[]>(
        'GET',
        `/academy/saved/${bob.id}`,
      );
      expect(list.body.data.map((item) => item.course._id)).toEqual([target._id]);
      expect(list.body.data[0]!.course.isSaved).toBe(true);
      const feed = (await bob.call<Catalogue>('GET', '/academy/feed')).body.data;
      const card = feed.byCategory.flatMap((g) => g.courses).find((c) => c._id === target._id);
      expect(card?.isSaved).toBe(true);

      for (let i = 0; i < 2; i += 1) {
        const unsaved = await bob.call('DELETE', '/academy/save', body);
        expect(unsaved.status).toBe(200);
        expect(unsaved.body.message).toBe('Course unsaved!');
      }
      expect((await bob.call('GET', `/academy/saved/${bob.id}`)).body.data).toEqual([]);
    });

    it('says what is missing, and refuses to save for someone else', async () => {
      const missing = await bob.call('POST', '/academy/save', { userId: bob.id });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Unable to save/unsave. Missing user ID or course ID.');
      const foreign = await bob.call('DELETE', '/academy/save', {
        userId: ada.id,
        courseId: courses[0]!._id,
      });
      expect(foreign.status).toBe(403);
      const unknown = await bob.call('POST', '/academy/save', {
        userId: bob.id,
        courseId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.status).toBe(404);
    });

    it('stars an enrolment idempotently, and only one’s own', async () => {
      const { enrollmentId } = (await enrol(bob, courses[0]!._id)).body.data;
      for (let i = 0; i < 2; i += 1) {
        const starred = await bob.call('POST', '/academy/star', { enrollmentId });
        expect(starred.status).toBe(200);
        expect(starred.body.data).toEqual({ enrollmentId, starred: true });
      }
      expect((await course(bob, courses[0]!._id)).isStarred).toBe(true);
      expect((await ada.call('POST', '/academy/star', { enrollmentId })).status).toBe(403);
      await bob.call('POST', '/academy/star', { enrollmentId, starred: false });
      expect((await course(bob, courses[0]!._id)).isStarred).toBe(false);
    });
  });
});
