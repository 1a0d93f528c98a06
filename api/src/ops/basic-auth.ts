import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { sameSecret } from '../common/same-secret';
import type { ErrorEnvelope } from '../common/envelope';

const logger = new Logger('QueueDashboard');

/**
 * HTTP basic auth in front of the queue dashboard. Both parts are compared in constant time, and
 * both always, so neither the user name nor the password can be found one character at a time.
 */
export function basicAuth(user: string, password: string): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ', 2);
    const decoded =
      scheme?.toLowerCase() === 'basic' && encoded !== undefined
        ? Buffer.from(encoded, 'base64').toString('utf8')
        : '';
    const colon = decoded.indexOf(':');
    const [givenUser, givenPassword] =
      colon < 0 ? ['', ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
    const userMatches = sameSecret(givenUser, user);
    const passwordMatches = sameSecret(givenPassword, password);
    if (colon >= 0 && userMatches && passwordMatches) {
      next();
      return;
    }
    if (colon >= 0) {
      logger.warn(`queue dashboard: wrong credentials from ${request.ip}`);
    }
    const body: ErrorEnvelope = {
      success: false,
      message: 'The queue dashboard needs its user name and password',
      code: 'OPS.UNAUTHORIZED',
    };
    response
      .status(401)
      .setHeader('WWW-Authenticate', 'Basic realm="LendPath queues", charset="UTF-8"')
      .json(body);
  };
}
