import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';

import { DomainError } from './domain-error';
import type { ErrorEnvelope } from './envelope';

const codeForStatus: Partial<Record<number, string>> = {
  [HttpStatus.BAD_REQUEST]: 'REQUEST.INVALID',
  [HttpStatus.UNAUTHORIZED]: 'AUTH.UNAUTHORIZED',
  [HttpStatus.FORBIDDEN]: 'AUTH.FORBIDDEN',
  [HttpStatus.NOT_FOUND]: 'ROUTE.NOT_FOUND',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'REQUEST.TOO_LARGE',
  [HttpStatus.TOO_MANY_REQUESTS]: 'RATE.LIMITED',
};

/** The one place errors become HTTP: every failure answers the error envelope. */
@Catch()
export class ExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger(ExceptionsFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      response.setHeader(
        'Retry-After',
        String(Math.max(1, Math.ceil(exception.retryAfterSeconds))),
      );
    }
    const [status, body] = this.toEnvelope(exception);
    response.status(status).json(body);
  }

  private toEnvelope(exception: unknown): [number, ErrorEnvelope] {
    if (exception instanceof DomainError) {
      const body: ErrorEnvelope = {
        success: false,
        message: exception.message,
        code: exception.code,
      };
      if (exception.errors !== undefined) {
        body.errors = exception.errors;
      }
      return [exception.status, body];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const answer = exception.getResponse();
      const message =
        typeof answer === 'string'
          ? answer
          : typeof (answer as { message?: unknown }).message === 'string'
            ? (answer as { message: string }).message
            : exception.message;
      const code = codeForStatus[status];
      return [
        status,
        code === undefined ? { success: false, message } : { success: false, message, code },
      ];
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : exception,
    );
    return [
      HttpStatus.INTERNAL_SERVER_ERROR,
      {
        success: false,
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL',
      },
    ];
  }
}
