import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { AcademyController } from './academy.controller';
import { AcademyReads } from './academy-reads';
import { EnrollInCourseHandler } from './commands/enroll-in-course/enroll-in-course.handler';
import { MarkModuleDoneHandler } from './commands/mark-module-done/mark-module-done.command';
import { RecordQuizResultHandler } from './commands/record-quiz-result/record-quiz-result.handler';
import { SaveCourseHandler } from './commands/save-course/save-course.command';
import { StarEnrollmentHandler } from './commands/star-enrollment/star-enrollment.command';
import { GetCatalogueHandler } from './queries/get-catalogue/get-catalogue.query';
import { GetCourseProgressHandler } from './queries/get-course-progress/get-course-progress.query';
import { GetCourseHandler } from './queries/get-course/get-course.query';
import { GetEnrollmentDetailsHandler } from './queries/get-enrollment-details/get-enrollment-details.query';
import { ListAcademyCategoriesHandler } from './queries/list-academy-categories/list-academy-categories.query';
import { ListCoursesHandler } from './queries/list-courses/list-courses.query';
import { ListEnrollmentsHandler } from './queries/list-enrollments/list-enrollments.query';
import { ListSavedCoursesHandler } from './queries/list-saved-courses/list-saved-courses.query';

/** The Academy: seeded courses, and each member's enrolments, progress, quizzes and saves. */
@Module({
  imports: [AuthModule],
  controllers: [AcademyController],
  providers: [
    AcademyReads,
    EnrollInCourseHandler,
    SaveCourseHandler,
    MarkModuleDoneHandler,
    RecordQuizResultHandler,
    StarEnrollmentHandler,
    ListAcademyCategoriesHandler,
    ListCoursesHandler,
    GetCatalogueHandler,
    GetCourseHandler,
    ListEnrollmentsHandler,
    GetEnrollmentDetailsHandler,
    GetCourseProgressHandler,
    ListSavedCoursesHandler,
  ],
})
export class AcademyModule {}
