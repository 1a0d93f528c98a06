import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { map, type Observable } from 'rxjs';

import { Reply, type SuccessEnvelope } from './envelope';

@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<SuccessEnvelope<unknown>> {
    return next
      .handle()
      .pipe(
        map((value: unknown) => (value instanceof Reply ? value : new Reply(value)).toEnvelope()),
      );
  }
}
