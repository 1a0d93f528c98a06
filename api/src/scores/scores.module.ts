import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { ENV } from '../config/env';
import { LendingModule } from '../lending/lending.module';
import { REDIS } from '../redis/redis.module';
import { scoreProviderFor } from './confirmu-score-provider';
import { PlatformScores } from './platform-scores';
import { ListScoresHandler } from './queries/list-scores/list-scores.handler';
import { SCORE_PROVIDER } from './score-provider';
import { ScoresController } from './scores.controller';

/** Credit scores: ConfirmU's when it answers, else the platform's own from lending's reads. */
@Module({
  imports: [AuthModule, LendingModule],
  controllers: [ScoresController],
  providers: [
    PlatformScores,
    { provide: SCORE_PROVIDER, inject: [ENV, REDIS], useFactory: scoreProviderFor },
    ListScoresHandler,
  ],
})
export class ScoresModule {}
