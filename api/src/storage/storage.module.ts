import { Global, Module } from '@nestjs/common';

import { ENV, type Env } from '../config/env';
import { DiskStorage } from './disk-storage';
import { FilesController } from './files.controller';
import { ImageUploads } from './image-uploads';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

export function objectStorageFor(env: Env): ObjectStorage {
  switch (env.STORAGE_DRIVER) {
    case 'disk':
      return new DiskStorage(env.UPLOAD_DIR);
    case 's3':
      // The env module refuses to load without these when the driver is s3.
      return new S3Storage({
        bucket: env.S3_BUCKET!,
        region: env.S3_REGION!,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      });
  }
}

/**
 * Uploaded images (accepted by {@link ImageUploads}, served at /uploads/…) and the Academy's
 * static figures (/content/academy/…). Global: feature modules inject `ImageUploads`.
 */
@Global()
@Module({
  controllers: [FilesController],
  providers: [
    { provide: OBJECT_STORAGE, inject: [ENV], useFactory: objectStorageFor },
    ImageUploads,
  ],
  exports: [ImageUploads, OBJECT_STORAGE],
})
export class StorageModule {}
