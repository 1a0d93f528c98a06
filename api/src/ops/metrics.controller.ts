import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';

import { isOperator } from '../common/same-secret';
import { ENV, type Env } from '../config/env';
import { ApiMetrics } from './api-metrics';
import { opsErrors } from './ops-errors';

/**
 * Prometheus's text format for operators only (`Authorization: Bearer <OPS_TOKEN>`, which
 * Prometheus sends as `authorization: { credentials: … }`): queue depths and how far loan status
 * trails the chain would tell anyone when the platform is behind. Without OPS_TOKEN the path does
 * not exist.
 */
@ApiTags('health')
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: ApiMetrics,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Get('metrics')
  @ApiOkResponse({
    description: 'Prometheus metrics, for `Authorization: Bearer <OPS_TOKEN>` only.',
    content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ description: 'Not the operators’ token (`OPS.UNAUTHORIZED`).' })
  @ApiNotFoundResponse({ description: 'OPS_TOKEN is not set: no metrics.' })
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    if (this.env.OPS_TOKEN === undefined) {
      throw opsErrors.metricsOff();
    }
    if (!isOperator(authorization, this.env.OPS_TOKEN)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw opsErrors.notOperator();
    }
    response
      .status(200)
      .type(this.metrics.registry.contentType)
      .send(await this.metrics.text());
  }
}
