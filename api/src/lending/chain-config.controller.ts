import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';

import { ApiAnswer } from '../openapi';
import { chainConfigSchema } from './lending.schema';

import {
  type ChainConfig,
  GetChainConfigQuery,
} from './queries/get-chain-config/get-chain-config.query';

/** The chain and contracts the API verifies against, for the browser's wallet (public). */
@ApiTags('micro-lending')
@Controller('chain')
export class ChainConfigController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiAnswer(chainConfigSchema)
  get(): Promise<ChainConfig> {
    return this.queries.execute(new GetChainConfigQuery());
  }
}
