import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { BearerGuard, CurrentUserId } from '../auth/bearer.guard';
import { Reply } from '../common/envelope';
import { ZodBody } from '../common/validation';
import { ApiAnswer, ApiZodBody, ApiZodQuery } from '../openapi';
import { ImageUploadInterceptor } from '../storage/image-upload.interceptor';
import type { UploadedImageFile } from '../storage/image-uploads';
import {
  type CreatePostBody,
  createPostBody,
  CreatePostCommand,
} from './commands/create-post/create-post.command';
import {
  type ReportPostBody,
  reportPostBody,
  ReportPostCommand,
} from './commands/report-post/report-post.command';
import { type CommunityCategoryView, CommunityStore } from './community.store';
import {
  communityCategoryViewSchema,
  postViewSchema,
  reportedPostSchema,
} from './community.schema';
import type { PostView } from './post-view';
import { type FeedParams, feedParams, GetFeedQuery } from './queries/get-feed/get-feed.query';

/** SPEC §7 "Market and community" (the community half). Signed-in members only. */
@ApiTags('community')
@ApiBearerAuth()
@UseGuards(BearerGuard)
@Controller('community')
export class CommunityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly store: CommunityStore,
  ) {}

  @Get('get-categories')
  @ApiAnswer(z.array(communityCategoryViewSchema))
  categories(): Promise<CommunityCategoryView[]> {
    return this.store.categories();
  }

  /** Every category's posts, as `feed/:categoryId` pages them (the page's 'All' chip). */
  @Get('feed')
  @ApiZodQuery(feedParams)
  @ApiAnswer(z.array(postViewSchema))
  feedOfAll(
    @CurrentUserId() callerId: string,
    @Query(new ZodBody(feedParams)) params: FeedParams,
  ): Promise<PostView[]> {
    return this.queries.execute(new GetFeedQuery(callerId, null, params));
  }

  /** Newest first, `limit` (default 20) posts per `page`; a short page is the last. */
  @Get('feed/:categoryId')
  @ApiZodQuery(feedParams)
  @ApiAnswer(z.array(postViewSchema))
  feed(
    @CurrentUserId() callerId: string,
    @Param('categoryId') categoryId: string,
    @Query(new ZodBody(feedParams)) params: FeedParams,
  ): Promise<PostView[]> {
    return this.queries.execute(new GetFeedQuery(callerId, categoryId, params));
  }

  /** Multipart (`content`, `categoryId`, optional file `image`); a JSON body works for text. */
  @Post('create-post')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiZodBody(createPostBody)
  @ApiAnswer(postViewSchema, { status: 201 })
  @UseInterceptors(ImageUploadInterceptor('image'))
  @HttpCode(HttpStatus.CREATED)
  async createPost(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(createPostBody)) body: CreatePostBody,
    @UploadedFile() image: UploadedImageFile | undefined,
  ): Promise<Reply<PostView>> {
    return new Reply(
      await this.commands.execute(new CreatePostCommand(callerId, body, image)),
      'Post created successfully!',
    );
  }

  @Post('report-post')
  @ApiZodBody(reportPostBody)
  @ApiAnswer(reportedPostSchema)
  @HttpCode(HttpStatus.OK)
  async reportPost(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(reportPostBody)) body: ReportPostBody,
  ): Promise<Reply<{ postId: string; reported: boolean }>> {
    const { reported } = await this.commands.execute(new ReportPostCommand(callerId, body));
    return new Reply(
      { postId: body.postId, reported },
      reported ? 'Post reported successfully!' : 'You have already reported this post.',
    );
  }
}
