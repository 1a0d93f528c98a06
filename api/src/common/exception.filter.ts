import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';

import { sendJson } from '../answer-head';
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

/**
 * Postgres's refusals of a string it cannot store as text: 22021 (NUL, "invalid byte sequence
 * for encoding UTF8: 0x00") and 22P05 (a \u0000 escape in jsonb). Every field's schema refuses
 * these characters first (common/text.ts); one that slips past is still the client's fault.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function refusesText(exception: unknown): boolean {
  if (!(exception instanceof QueryFailedError)) {
    return false;
  }
  const { code } = exception.driverError as { code?: unknown };
  return typeof code === 'string' && UNSTORABLE_TEXT.has(code);
}

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
    sendJson(response, status, JSON.stringify(body));
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
    if (refusesText(exception)) {
      // A 400 for the client, and a warning for us: some field's schema lacks the text rule.
      this.logger.warn(`A request's text reached Postgres unchecked: ${String(exception)}`);
      return [
        HttpStatus.BAD_REQUEST,
        {
          success: false,
          message:
            'The request holds a character that is not allowed in text (such as a NUL byte).',
          code: 'REQUEST.INVALID',
        },
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
