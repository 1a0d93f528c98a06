import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INestApplication } from '@nestjs/common';
import S3rver from 's3rver';
import sharp from 'sharp';

import { EnvError } from '../src/config/env';
import { createApp } from '../src/main';
import { ImageUploads } from '../src/storage/image-uploads';
import type { StorageKey, StoredObject } from '../src/storage/object-storage';
import { S3Storage } from '../src/storage/s3-storage';
import { testEnv } from './test-env';

const BUCKET = 'lendpath-uploads';

async function bytesOf(body: StoredObject['body']): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    return body;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const newKey = (extension = 'png'): StorageKey =>
  `posts/${randomBytes(16).toString('hex')}.${extension}` as StorageKey;

/** s3rver: a local S3-compatible server on a free port, with the bucket made. */
describe(S3Storage.name, () => {
  let directory: string;
  let server: S3rver;
  let endpoint: string;
  let storage: S3Storage;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'lendpath-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    // s3rver accepts its own key pair.
    storage = new S3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      endpoint,
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    storage.onModuleDestroy();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('gives back what was put, bytes and type', async () => {
    const key = newKey('webp');
    const bytes = randomBytes(70_000);
    await storage.put(key, bytes, 'image/webp');

    const stored = await storage.get(key);

    expect(stored).toMatchObject({ contentType: 'image/webp', size: bytes.length });
    expect((await bytesOf(stored!.body)).equals(bytes)).toBe(true);
  });

  it('answers null for a key nothing was put under', async () => {
    await expect(storage.get(newKey())).resolves.toBeNull();
  });

  it('refuses keys that are not of the generated shape', async () => {
    await expect(
      storage.put('../escape.png' as StorageKey, Buffer.from('x'), 'image/png'),
    ).rejects.toThrow(/not a storage key/);
    await expect(storage.get('posts/name.html' as StorageKey)).rejects.toThrow(/not a storage key/);
  });

  describe('as the API’s storage (STORAGE_DRIVER=s3)', () => {
    let app: INestApplication;
    let uploadDir: string;

    beforeAll(async () => {
      uploadDir = await mkdtemp(join(tmpdir(), 'lendpath-unused-uploads-'));
      app = await createApp(
        testEnv({
          STORAGE_DRIVER: 's3',
          UPLOAD_DIR: uploadDir,
          S3_ENDPOINT: endpoint,
          S3_REGION: 'us-east-1',
          S3_BUCKET: BUCKET,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        }),
      );
      await app.listen(0, '127.0.0.1');
    });
    afterAll(async () => {
      await app.close();
      await rm(uploadDir, { recursive: true, force: true });
    });

    it('stores an accepted upload in the bucket and serves it at its path', async () => {
      const png = await sharp({
        create: { width: 30, height: 20, channels: 4, background: '#3388ccaa' },
      })
        .png()
        .toBuffer();

      const accepted = await app
        .get(ImageUploads)
        .accept({ buffer: png, size: png.length, originalname: 'a.png', mimetype: 'image/png' });

      const key = accepted.path.replace('/uploads/', '') as StorageKey;
      const inBucket = await storage.get(key);
      expect(inBucket).toMatchObject({ contentType: 'image/png', size: accepted.bytes });
      const stored = await bytesOf(inBucket!.body);

      const served = await fetch(`${await app.getUrl()}${accepted.path}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
      expect(await readdir(uploadDir)).toEqual([]);

      const missing = await fetch(`${await app.getUrl()}/uploads/${newKey()}`);
      expect(missing.status).toBe(404);
    });
  });

  it('refuses to boot with the s3 driver and no bucket or keys', () => {
    const load = () => testEnv({ STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint });
    expect(load).toThrow(EnvError);
    expect(load).toThrow(/S3_BUCKET is required when STORAGE_DRIVER is s3/);
    expect(load).toThrow(/S3_ACCESS_KEY_ID is required when STORAGE_DRIVER is s3/);
  });
});
