import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  mixin,
  type NestInterceptor,
  PayloadTooLargeException,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { memoryStorage } from 'multer';
import type { Observable } from 'rxjs';

import { RateLimits } from '../rate-limits/rate-limits';
import { MAX_UPLOAD_BYTES, uploadErrors } from './image-uploads';

/**
 * Reads one image of a multipart request into memory (`@UploadedFile()`), for
 * {@link ImageUploads.accept}. multer stops reading a file past {@link MAX_UPLOAD_BYTES} and the
 * request answers 413 `UPLOAD.TOO_LARGE`, as `accept` does; a second file, or a file under
 * another field, answers 400. The client's type and file name are left for `accept` to ignore.
 *
 * Each file counts against the member's `imageUpload` budget when its part begins, before any of
 * its bytes are read: a member over budget is answered 429 without the server taking in (or
 * holding in memory) what they send, and refused files count too.
 *
 * @example
 * ```ts
 * @Post('community/create-post')
 * @UseInterceptors(ImageUploadInterceptor('image'))
 * create(@UploadedFile() file: Express.Multer.File | undefined) {}
 * ```
 */
export function ImageUploadInterceptor(field = 'image'): Type<NestInterceptor> {
  @Injectable()
  class ImageUpload implements NestInterceptor {
    private readonly files: NestInterceptor;

    constructor(limits: RateLimits) {
      const Files = FileInterceptor(field, {
        storage: memoryStorage(),
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
        // multer waits for the answer before it reads the file's bytes. The route is behind the
        // bearer guard, so the member is known here.
        fileFilter: (request: Request & { userId?: string }, _file, accept) => {
          if (request.userId === undefined) {
            accept(
              new Error('ImageUploadInterceptor needs a signed-in member (BearerGuard)'),
              false,
            );
            return;
          }
          limits.hit('imageUpload', [`member:${request.userId}`]).then(
            () => accept(null, true),
            (error: Error) => accept(error, false),
          );
        },
      });
      this.files = new Files();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.files.intercept(context, next);
      } catch (error) {
        // Nest turns multer's LIMIT_FILE_SIZE into a PayloadTooLargeException with the multer
        // error as its cause; the member is told the limit instead of "File too large".
        if (
          error instanceof PayloadTooLargeException &&
          (error.cause as { code?: unknown } | undefined)?.code === 'LIMIT_FILE_SIZE'
        ) {
          throw uploadErrors.tooLarge();
        }
        throw error;
      }
    }
  }
  return mixin(ImageUpload);
}
