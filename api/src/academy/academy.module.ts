import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { AcademyController } from './academy.controller';
import { AcademyReads } from './academy-reads';
import { AcademyStore } from './academy.store';
import { EnrollInCourseHandler } from './commands/enroll-in-course/enroll-in-course.handler';
import { MarkModuleDoneHandler } from './commands/mark-module-done/mark-module-done.handler';
import { RecordQuizResultHandler } from './commands/record-quiz-result/record-quiz-result.handler';
import { SaveCourseHandler } from './commands/save-course/save-course.handler';
import { StarEnrollmentHandler } from './commands/star-enrollment/star-enrollment.handler';
import { GetCourseProgressHandler } from './queries/get-course-progress/get-course-progress.handler';
import { GetCourseHandler } from './queries/get-course/get-course.handler';
import { GetEnrollmentDetailsHandler } from './queries/get-enrollment-details/get-enrollment-details.handler';
import { ListEnrollmentsHandler } from './queries/list-enrollments/list-enrollments.handler';
import { ListSavedCoursesHandler } from './queries/list-saved-courses/list-saved-courses.handler';

/** The Academy: seeded courses, and each member's enrolments, progress, quizzes and saves. */
@Module({
  imports: [AuthModule],
  controllers: [AcademyController],
  providers: [
    AcademyStore,
    AcademyReads,
    EnrollInCourseHandler,
    SaveCourseHandler,
    MarkModuleDoneHandler,
    RecordQuizResultHandler,
    StarEnrollmentHandler,
    GetCourseHandler,
    ListEnrollmentsHandler,
    GetEnrollmentDetailsHandler,
    GetCourseProgressHandler,
    ListSavedCoursesHandler,
  ],
})
export class AcademyModule {}
