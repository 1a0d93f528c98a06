import {
  type CallHandler,
  type ExecutionContext,
  mixin,
  type NestInterceptor,
  PayloadTooLargeException,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { memoryStorage } from 'multer';
import type { Observable } from 'rxjs';

import { MAX_UPLOAD_BYTES, uploadErrors } from './image-uploads';

/**
 * Reads one image of a multipart request into memory (`@UploadedFile()`), for
 * {@link ImageUploads.accept}. multer stops reading a file past {@link MAX_UPLOAD_BYTES} and the
 * request answers 413 `UPLOAD.TOO_LARGE`, as `accept` does; a second file, or a file under
 * another field, answers 400. The client's type and file name are left for `accept` to ignore.
 *
 * @example
 * ```ts
 * @Post('community/create-post')
 * @UseInterceptors(ImageUploadInterceptor('image'))
 * create(@UploadedFile() file: Express.Multer.File | undefined) {}
 * ```
 */
export function ImageUploadInterceptor(field = 'image'): Type<NestInterceptor> {
  const Files = FileInterceptor(field, {
    storage: memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });

  class ImageUpload implements NestInterceptor {
    private readonly files = new Files();

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
