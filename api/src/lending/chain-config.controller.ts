import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { ENV, type Env } from '../config/env';
import { type ChainConfig, chainConfig } from './chain/chain-config';
import { ApiAnswer } from '../openapi';
import { chainConfigSchema } from './lending.schema';

/** The chain and contracts the API verifies against, for the browser's wallet (public). */
@ApiTags('micro-lending')
@Controller('chain')
export class ChainConfigController {
  constructor(@Inject(ENV) private readonly env: Env) {}

  @Get()
  @ApiAnswer(chainConfigSchema)
  get(): ChainConfig {
    return chainConfig(this.env);
  }
}
