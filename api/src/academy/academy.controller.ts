import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { BearerGuard, CurrentUserId } from '../auth/bearer.guard';
import { Reply } from '../common/envelope';
import { ZodBody } from '../common/validation';
import { ApiAnswer, ApiZodBody, ApiZodQuery } from '../openapi';
import { AcademyReads, type Catalogue, listCoursesParams } from './academy-reads';
import type {
  AcademyCategoryView,
  CourseDetailView,
  CourseSummaryView,
  EnrollmentView,
  ProgressView,
} from './academy-views';
import {
  academyCategoryViewSchema,
  catalogueSchema,
  courseDetailViewSchema,
  courseSummaryViewSchema,
  enrollmentDetailViewSchema,
  enrollmentViewSchema,
  enrollResultSchema,
  moduleDoneSchema,
  progressViewSchema,
  quizResultSchema,
  savedCourseSchema,
  savedCourseViewSchema,
  starredEnrollmentSchema,
  unsavedCourseSchema,
} from './academy.schema';
import {
  type EnrollBody,
  enrollBody,
  EnrollInCourseCommand,
  type EnrollResult,
} from './commands/enroll-in-course/enroll-in-course.command';
import {
  type MarkModuleDoneBody,
  markModuleDoneBody,
  MarkModuleDoneCommand,
} from './commands/mark-module-done/mark-module-done.command';
import {
  type QuizResult,
  type RecordQuizResultBody,
  recordQuizResultBody,
  RecordQuizResultCommand,
} from './commands/record-quiz-result/record-quiz-result.command';
import {
  type SaveCourseBody,
  saveCourseBody,
  SaveCourseCommand,
} from './commands/save-course/save-course.command';
import {
  type StarEnrollmentBody,
  starEnrollmentBody,
  StarEnrollmentCommand,
} from './commands/star-enrollment/star-enrollment.command';
import { GetCourseProgressQuery } from './queries/get-course-progress/get-course-progress.query';
import { GetCourseQuery } from './queries/get-course/get-course.query';
import { GetEnrollmentDetailsQuery } from './queries/get-enrollment-details/get-enrollment-details.query';
import { ListEnrollmentsQuery } from './queries/list-enrollments/list-enrollments.query';
import {
  ListSavedCoursesQuery,
  type SavedCourseView,
} from './queries/list-saved-courses/list-saved-courses.query';

/**
 * SPEC §7 "Academy": same paths, payloads and answers. Signed-in members only; a member id in a
 * path or body must be the caller's own (403 otherwise).
 */
@ApiTags('academy')
@ApiBearerAuth()
@UseGuards(BearerGuard)
@Controller('academy')
export class AcademyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly reads: AcademyReads,
  ) {}

  @Get('categories')
  @ApiAnswer(z.array(academyCategoryViewSchema))
  categories(): Promise<AcademyCategoryView[]> {
    return this.reads.categories();
  }

  @Get('courses')
  @ApiZodQuery(listCoursesParams)
  @ApiAnswer(z.array(courseSummaryViewSchema))
  courses(
    @CurrentUserId() callerId: string,
    @Query(new ZodBody(listCoursesParams)) params: z.infer<typeof listCoursesParams>,
  ): Promise<CourseSummaryView[]> {
    return this.reads.courses(callerId, params.category);
  }

  @Get('feed')
  @ApiAnswer(catalogueSchema)
  feed(@CurrentUserId() callerId: string): Promise<Catalogue> {
    return this.reads.catalogue(callerId);
  }

  @Get('courses/:id')
  @ApiAnswer(courseDetailViewSchema)
  course(@CurrentUserId() callerId: string, @Param('id') id: string): Promise<CourseDetailView> {
    return this.queries.execute(new GetCourseQuery(callerId, id));
  }

  @Post('enroll')
  @ApiZodBody(enrollBody)
  @ApiAnswer(enrollResultSchema)
  @HttpCode(HttpStatus.OK)
  async enroll(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(enrollBody)) body: EnrollBody,
  ): Promise<Reply<EnrollResult>> {
    const result = await this.commands.execute(new EnrollInCourseCommand(callerId, body));
    return new Reply(
      result,
      result.enrolled
        ? 'Successfully enrolled in the course!'
        : 'You are already enrolled in this course.',
    );
  }

  @Get('enrolled/:userId')
  @ApiAnswer(z.array(enrollmentViewSchema))
  enrolled(
    @CurrentUserId() callerId: string,
    @Param('userId') userId: string,
  ): Promise<EnrollmentView[]> {
    return this.queries.execute(new ListEnrollmentsQuery(callerId, userId));
  }

  @Get('enrolled/details/:userId/:courseId')
  @ApiAnswer(z.array(enrollmentDetailViewSchema))
  enrolledDetails(
    @CurrentUserId() callerId: string,
    @Param('userId') userId: string,
    @Param('courseId') courseId: string,
  ): Promise<EnrollmentView<CourseDetailView>[]> {
    return this.queries.execute(new GetEnrollmentDetailsQuery(callerId, userId, courseId));
  }

  @Get('progress/:userId/:courseId')
  @ApiAnswer(progressViewSchema)
  progress(
    @CurrentUserId() callerId: string,
    @Param('userId') userId: string,
    @Param('courseId') courseId: string,
  ): Promise<ProgressView> {
    return this.queries.execute(new GetCourseProgressQuery(callerId, userId, courseId));
  }

  /** SPEC: the client shows `data.message`. */
  @Post('progress/module')
  @ApiZodBody(markModuleDoneBody)
  @ApiAnswer(moduleDoneSchema)
  @HttpCode(HttpStatus.OK)
  async markModuleDone(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(markModuleDoneBody)) body: MarkModuleDoneBody,
  ): Promise<Reply<ProgressView & { message: string }>> {
    const message = 'Marked course outline as done';
    const progress = await this.commands.execute(new MarkModuleDoneCommand(callerId, body));
    return new Reply({ ...progress, message }, message);
  }

  @Post('progress/quiz')
  @ApiZodBody(recordQuizResultBody)
  @ApiAnswer(quizResultSchema)
  @HttpCode(HttpStatus.OK)
  async recordQuizResult(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(recordQuizResultBody)) body: RecordQuizResultBody,
  ): Promise<Reply<QuizResult>> {
    const result = await this.commands.execute(new RecordQuizResultCommand(callerId, body));
    return new Reply(
      result,
      result.passed ? 'Great work! You passed the quiz.' : 'Keep going: review and try again.',
    );
  }

  @Post('save')
  @ApiZodBody(saveCourseBody)
  @ApiAnswer(savedCourseSchema)
  @HttpCode(HttpStatus.OK)
  async save(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(saveCourseBody)) body: SaveCourseBody,
  ): Promise<Reply<{ courseId: string; saved: true }>> {
    await this.commands.execute(new SaveCourseCommand(callerId, body, true));
    return new Reply({ courseId: body.courseId, saved: true }, 'Course saved!');
  }

  @Delete('save')
  @ApiZodBody(saveCourseBody)
  @ApiAnswer(unsavedCourseSchema)
  @HttpCode(HttpStatus.OK)
  async unsave(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(saveCourseBody)) body: SaveCourseBody,
  ): Promise<Reply<{ courseId: string; saved: false }>> {
    await this.commands.execute(new SaveCourseCommand(callerId, body, false));
    return new Reply({ courseId: body.courseId, saved: false }, 'Course unsaved!');
  }

  @Get('saved/:userId')
  @ApiAnswer(z.array(savedCourseViewSchema))
  saved(
    @CurrentUserId() callerId: string,
    @Param('userId') userId: string,
  ): Promise<SavedCourseView[]> {
    return this.queries.execute(new ListSavedCoursesQuery(callerId, userId));
  }

  @Post('star')
  @ApiZodBody(starEnrollmentBody)
  @ApiAnswer(starredEnrollmentSchema)
  @HttpCode(HttpStatus.OK)
  async star(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(starEnrollmentBody)) body: StarEnrollmentBody,
  ): Promise<Reply<{ enrollmentId: string; starred: boolean }>> {
    const result = await this.commands.execute(new StarEnrollmentCommand(callerId, body));
    return new Reply(result, result.starred ? 'Course starred!' : 'Course unstarred.');
  }
}
