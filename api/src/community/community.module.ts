import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { CreatePostHandler } from './commands/create-post/create-post.handler';
import { ReportPostHandler } from './commands/report-post/report-post.handler';
import { CommunityController } from './community.controller';
import { CommunityStore } from './community.store';
import { GetFeedHandler } from './queries/get-feed/get-feed.handler';

/**
 * The community feed: categories, posts with an optional image, reports. Blocking a member is an
 * account call (`POST /users/block-user`); the feed honours it.
 */
@Module({
  imports: [AuthModule],
  controllers: [CommunityController],
  providers: [CommunityStore, GetFeedHandler, CreatePostHandler, ReportPostHandler],
})
export class CommunityModule {}
