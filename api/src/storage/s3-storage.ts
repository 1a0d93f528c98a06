import { Readable } from 'node:stream';

import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { OnModuleDestroy } from '@nestjs/common';

import {
  assertStorageKey,
  contentTypeOf,
  type ImageContentType,
  type ObjectStorage,
  type StorageKey,
  type StoredObject,
} from './object-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** For S3-compatible services (MinIO, R2, …); unset: AWS. */
  endpoint?: string;
  /** `bucket.host/key` (AWS's default) or `host/bucket/key` (what most local stand-ins need). */
  forcePathStyle?: boolean;
}

/** Objects in an S3-compatible bucket, under the same keys as on disk. */
export class S3Storage implements ObjectStorage, OnModuleDestroy {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // The SDK's default extra checksums are not understood by every S3-compatible service.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  async put(key: StorageKey, bytes: Buffer, contentType: ImageContentType): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: StorageKey): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
        throw new Error(`S3 answered ${key} without a body stream or length`);
      }
      return {
        body: answer.Body,
        contentType: answer.ContentType ?? contentTypeOf(key),
        size: answer.ContentLength,
      };
    } catch (error) {
      if (
        error instanceof S3ServiceException &&
        (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
      ) {
        return null;
      }
      throw error;
    }
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}
