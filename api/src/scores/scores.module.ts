import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { ENV } from '../config/env';
import { REDIS } from '../redis/redis.module';
import { scoreProviderFor } from './confirmu-score-provider';
import { PlatformScores } from './platform-scores';
import { ListScoresHandler } from './queries/list-scores/list-scores.handler';
import { SCORE_PROVIDER } from './score-provider';
import { ScoresController } from './scores.controller';
import { SettledLoans } from './settled-loans';

@Module({
  imports: [AuthModule],
  controllers: [ScoresController],
  providers: [
    PlatformScores,
    SettledLoans,
    { provide: SCORE_PROVIDER, inject: [ENV, REDIS], useFactory: scoreProviderFor },
    ListScoresHandler,
  ],
})
export class ScoresModule {}
