import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  HttpCode,
  type INestApplication,
  Post,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Request } from 'express';
import sharp from 'sharp';
import { DataSource } from 'typeorm';

import { AppModule } from '../src/app.module';
import { Sessions } from '../src/auth/sessions/sessions';
import { DomainError } from '../src/common/domain-error';
import { EnvelopeAdapter } from '../src/common/envelope-adapter';
import { createApp } from '../src/main';
import { ACADEMY_CONTENT_DIR } from '../src/storage/api-root';
import { openAcademyFile } from '../src/storage/files.controller';
import { ImageUploadInterceptor } from '../src/storage/image-upload.interceptor';
import {
  type AcceptedImage,
  ImageUploads,
  MAX_STORED_BYTES,
  MAX_STORED_SIDE,
} from '../src/storage/image-uploads';
import { User } from '../src/users/user.entity';
import { testEnv } from './test-env';

/** What multer hands over; the name and claimed type are the client's and may lie. */
const upload = (buffer: Buffer, originalname = 'photo.jpg', mimetype = 'image/jpeg') => ({
  buffer,
  size: buffer.length,
  originalname,
  mimetype,
});

/** A photo-like picture (smooth gradients plus a little noise) of the given size. */
const picture = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 8 },
    },
  });

/** An animation of `frames` differently coloured frames. */
function animationFrames(width: number, height: number, frames: number): sharp.Sharp {
  const pixels = Buffer.alloc(width * height * frames * 4);
  for (let index = 0; index < width * height * frames; index++) {
    const frame = Math.floor(index / (width * height));
    pixels[index * 4 + (frame % 3)] = 255;
    pixels[index * 4 + 3] = 255;
  }
  return sharp(pixels, {
    raw: { width, height: height * frames, channels: 4, pageHeight: height },
  });
}

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid, tiny PNG whose header claims `width` × `height` RGB pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The entries of the EXIF GPS directory (0 when there is none), read from a TIFF-format EXIF block. */
function gpsEntries(exif: Buffer | undefined): number {
  if (exif === undefined) {
    return 0;
  }
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const littleEndian = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (littleEndian ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (littleEndian ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  for (let entry = 0; entry < u16(directory); entry++) {
    const at = directory + 2 + entry * 12;
    if (u16(at) === 0x8825) {
      return u16(u32(at + 8));
    }
  }
  return 0;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with the path sent exactly as written (fetch would resolve `..` itself). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

const halved = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('image uploads', () => {
  let app: INestApplication;
  let url: string;
  let images: ImageUploads;
  let uploadDir: string;
  let token: string;
  /** A member of their own per test, so no test spends another's upload budget. */

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'lendpath-uploads-'));
    app = await createApp(testEnv({ UPLOAD_DIR: uploadDir }));
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    images = app.get(ImageUploads);
    const user = await app
      .get(DataSource)
      .getRepository(User)
      .save({
        email: `${randomUUID()}@example.com`,
        phone: '555 0100',
        fullname: 'Uploader',
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      });
    token = (await app.get(Sessions).start(user.id)).token;
  });
  afterAll(async () => {
    await app.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  describe('accepts the four image types and serves them back as stored', () => {
    it.each([
      ['JPEG', () => picture(64, 48).jpeg().toBuffer(), 'image/jpeg', 'jpg', 'jpeg'],
      ['PNG', () => picture(64, 48).ensureAlpha(0.5).png().toBuffer(), 'image/png', 'png', 'png'],
      ['WebP', () => picture(64, 48).webp().toBuffer(), 'image/webp', 'webp', 'webp'],
      ['GIF', () => picture(64, 48).gif().toBuffer(), 'image/gif', 'gif', 'gif'],
    ])('%s', async (_, make, contentType, extension, format) => {
      const accepted = await images.accept(upload(await make(), 'upload.bin', ''));

      expect(accepted).toEqual({
        path: expect.stringMatching(
          new RegExp(`^/uploads/posts/[0-9a-f]{32}\\.${extension}$`),
        ) as string,
        contentType,
        width: 64,
        height: 48,
        bytes: expect.any(Number) as number,
      });
      const name = accepted.path.split('/').pop()!;
      const onDisk = await readFile(join(uploadDir, 'posts', name));
      expect(onDisk.length).toBe(accepted.bytes);

      // Public: <img> sends no bearer token; a signed-in caller gets the same file.
      for (const headers of [{}, { authorization: `Bearer ${token}` }] as Record<
        string,
        string
      >[]) {
        const served = await rawGet(url, accepted.path, headers);
        expect(served.status).toBe(200);
        expect(served.headers).toMatchObject({
          'content-type': contentType,
          'content-length': String(accepted.bytes),
          'x-content-type-options': 'nosniff',
          'content-disposition': `inline; filename="${name}"`,
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': 'public, max-age=31536000, immutable',
          'cross-origin-resource-policy': 'cross-origin',
        });
        expect(served.body.equals(onDisk)).toBe(true);
        expect((await sharp(served.body).metadata()).format).toBe(format);
      }
    });
  });

  it('keeps the frames and timing of an animated GIF', async () => {
    const gif = await animationFrames(40, 30, 3)
      .gif({ loop: 0, delay: [100, 200, 300] })
      .toBuffer();
    const accepted = await images.accept(upload(gif, 'cat.gif', 'image/gif'));

    const served = await rawGet(url, accepted.path);
    const metadata = await sharp(served.body).metadata();
    expect(metadata).toMatchObject({ format: 'gif', pages: 3, delay: [100, 200, 300], loop: 0 });
    expect(accepted).toMatchObject({ contentType: 'image/gif', width: 40, height: 30 });
  });

  it('removes EXIF with the GPS position, applies the orientation and caps the dimensions', async () => {
    const located = await sharp({
      create: { width: 2560, height: 1920, channels: 3, background: { r: 30, g: 90, b: 60 } },
    })
      .jpeg({ quality: 80 })
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'P1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    const input = await sharp(located).metadata();
    expect(gpsEntries(input.exif)).toBe(4);

    const accepted = await images.accept(upload(located));

    const stored = await sharp((await rawGet(url, accepted.path)).body).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 2048, height: 1536 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(accepted).toMatchObject({ width: MAX_STORED_SIDE, height: 1536 });
    expect(accepted.bytes).toBeLessThanOrEqual(MAX_STORED_BYTES);

    // Shot with the phone turned: the pixels are turned, and no tag is left to turn them again.
    const turned = await picture(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const upright = await images.accept(upload(turned));
    const uprightStored = await sharp((await rawGet(url, upright.path)).body).metadata();
    expect(uprightStored).toMatchObject({ width: 200, height: 400 });
    expect(uprightStored.orientation).toBeUndefined();
  }, 60_000);

  it('turns a photo saved as a PNG too heavy to store losslessly into WebP', async () => {
    const photo = await sharp({
      create: {
        width: 900,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(MAX_STORED_BYTES);

    const accepted = await images.accept(upload(photo, 'photo.png', 'image/png'));

    expect(accepted.path).toMatch(/\.webp$/);
    expect(accepted).toMatchObject({ contentType: 'image/webp', width: 900, height: 900 });
    expect(accepted.bytes).toBeLessThanOrEqual(MAX_STORED_BYTES);
  }, 60_000);

  it('gives identical uploads different random names', async () => {
    const bytes = await picture(32, 32).png().toBuffer();
    const first = await images.accept(upload(bytes));
    const second = await images.accept(upload(bytes));

    expect(first.path).not.toBe(second.path);
    expect((await rawGet(url, first.path)).status).toBe(200);
    expect((await rawGet(url, second.path)).status).toBe(200);
  });

  describe('refuses what is not a JPEG, PNG, WebP or GIF, whatever it is called (415)', () => {
    it.each([
      [
        'HTML named .jpg',
        () => Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      ],
      [
        'SVG',
        () =>
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ['PDF', () => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF')],
      ['BMP', () => Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
      ['TIFF', () => picture(16, 16).tiff().toBuffer()],
      ['HEIC/AVIF', () => picture(16, 16).avif().toBuffer()],
      ['an empty file', () => Buffer.alloc(0)],
    ])('%s', async (_, make) => {
      const error = await refusal(images.accept(upload(await make(), 'photo.jpg')));
      expect(error).toMatchObject({
        code: 'UPLOAD.UNSUPPORTED_TYPE',
        status: 415,
        message: 'Please choose a JPEG, PNG, WebP or GIF image.',
      });
    });
  });

  it('refuses a file over 5 MB (413)', async () => {
    const large = Buffer.concat([await picture(16, 16).jpeg().toBuffer(), Buffer.alloc(6e6)]);
    const error = await refusal(images.accept(upload(large)));
    expect(error).toMatchObject({
      code: 'UPLOAD.TOO_LARGE',
      status: 413,
      message: 'Images can be at most 5 MB.',
    });
  });

  it('refuses an image whose header claims over 25 megapixels without decoding it (422)', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();

    const error = await refusal(images.accept(upload(bomb, 'tiny.png', 'image/png')));

    // 2.5 gigapixels decoded would take gigabytes and many seconds; reading the header neither
    // (the bound is loose for busy machines).
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * 1024 * 1024);
    expect(error).toMatchObject({
      code: 'UPLOAD.TOO_MANY_PIXELS',
      status: 422,
      message: 'Images can be at most 25 megapixels.',
    });
  });

  it.each([
    ['a truncated JPEG', async () => (await picture(300, 200).jpeg().toBuffer()).subarray(0, 900)],
    [
      'a PNG signature followed by garbage',
      async () =>
        Buffer.concat([(await picture(8, 8).png().toBuffer()).subarray(0, 8), randomBytes(500)]),
    ],
    [
      'a JPEG with a bogus Huffman table',
      async () => {
        const jpeg = await picture(300, 200).jpeg().toBuffer();
        const table = jpeg.indexOf(Buffer.from([0xff, 0xc4]));
        return jpeg.fill(0xff, table + 5, table + 21);
      },
    ],
    [
      'a PNG whose image data is corrupt',
      async () => {
        const png = await picture(64, 64).png().toBuffer();
        const data = png.indexOf('IDAT');
        return png.fill(0x41, data + 10, data + 200);
      },
    ],
    ['a truncated GIF', async () => halved(await picture(64, 64).gif().toBuffer())],
    ['a truncated WebP', async () => halved(await picture(64, 64).webp().toBuffer())],
  ])('refuses %s as unreadable (422)', async (_, make) => {
    const error = await refusal(images.accept(upload(await make())));
    expect(error).toMatchObject({ code: 'UPLOAD.UNREADABLE', status: 422 });
  });

  describe('GET /uploads', () => {
    it.each([
      '/uploads/posts/0123456789abcdef0123456789abcdef.png',
      '/uploads/posts/0123456789ABCDEF0123456789ABCDEF.png',
      '/uploads/posts/0123456789abcdef0123456789abcdef.svg',
      '/uploads/other/0123456789abcdef0123456789abcdef.png',
      '/uploads/posts/..%2F..%2Fpackage.json',
      '/uploads/posts/%2e%2e%2f%2e%2e%2fpackage.json',
      '/uploads/../package.json',
      '/uploads/..%2F..%2Fsrc/main.ts',
      '/uploads/posts/../../package.json',
      `/uploads/posts/${'a'.repeat(32)}.png%00.html`,
    ])('answers 404 for %s', async (path) => {
      const answer = await rawGet(url, path);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body.toString()) as unknown).toMatchObject({ success: false });
      expect(answer.body.toString()).not.toContain('@lendpath/api');
    });

    it('answers 404 for a stored file of ours that is not an image name (a temporary file)', async () => {
      await mkdir(join(uploadDir, 'posts'), { recursive: true });
      await writeFile(join(uploadDir, 'posts', '.0123.tmp'), 'half-written');
      expect((await rawGet(url, '/uploads/posts/.0123.tmp')).status).toBe(404);
      await rm(join(uploadDir, 'posts', '.0123.tmp'));
    });
  });

  describe('GET /content/academy', () => {
    const folder = `test-${randomBytes(6).toString('hex')}`;
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';

    beforeAll(async () => {
      await mkdir(join(ACADEMY_CONTENT_DIR, folder), { recursive: true });
      await writeFile(join(ACADEMY_CONTENT_DIR, folder, 'cover.svg'), svg);
      await writeFile(join(ACADEMY_CONTENT_DIR, folder, 'notes.txt'), 'not an image');
    });
    afterAll(() => rm(join(ACADEMY_CONTENT_DIR, folder), { recursive: true, force: true }));

    it('serves an SVG figure as image/svg+xml that cannot run script', async () => {
      const answer = await rawGet(url, `/content/academy/${folder}/cover.svg`);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(svg);
      expect(answer.headers).toMatchObject({
        'content-type': 'image/svg+xml',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline; filename="cover.svg"',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'cache-control': 'public, max-age=3600',
        'cross-origin-resource-policy': 'cross-origin',
      });
    });

    it.each([
      '/content/academy/FOLDER/notes.txt',
      '/content/academy/FOLDER/missing.svg',
      '/content/academy/..%2F..%2F/package.json',
      '/content/academy/..%2F..%2Fsrc/main.ts',
      '/content/academy/../../package.json',
      '/content/academy/%2e%2e/package.json',
      '/content/academy/covers/..%2F..%2F..%2Fpackage.json',
      '/content/academy/covers/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
      '/content/academy/covers/.hidden.svg',
      `/content/academy/covers/${'a'.repeat(300)}.svg`,
    ])('answers 404 for %s', async (path) => {
      const answer = await rawGet(url, path.replace('FOLDER', folder));
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain('@lendpath/api');
    });
  });

  describe(openAcademyFile.name, () => {
    let root: string;
    let outside: string;

    beforeAll(async () => {
      outside = await mkdtemp(join(tmpdir(), 'lendpath-outside-'));
      await writeFile(join(outside, 'secret.svg'), '<svg/>');
      root = await mkdtemp(join(tmpdir(), 'lendpath-academy-'));
      await mkdir(join(root, 'covers'));
      await writeFile(join(root, 'covers', 'a.png'), await picture(4, 4).png().toBuffer());
      await symlink(join(outside, 'secret.svg'), join(root, 'covers', 'link.svg'));
      await symlink(outside, join(root, 'escape'));
    });
    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    });

    it('opens a file inside the folder with its type', async () => {
      const file = await openAcademyFile('covers', 'a.png', root);
      expect(file).toMatchObject({ contentType: 'image/png' });
      file?.body.destroy();
    });

    it.each([
      ['covers', 'link.svg'],
      ['escape', 'secret.svg'],
      ['..', 'secret.svg'],
      ['covers', '..'],
    ])('refuses %s/%s, which leads outside the folder', async (folder, name) => {
      expect(await openAcademyFile(folder, name, root)).toBeNull();
    });
  });

  describe('through a controller with ImageUploadInterceptor', () => {
    let probe: INestApplication;
    let probeUrl: string;

    /** Stands in for the bearer guard: the member is whoever the x-member header names. */
    class MemberHeader implements CanActivate {
      canActivate(context: ExecutionContext): boolean {
        const request = context.switchToHttp().getRequest<Request & { userId?: string }>();
        request.userId = request.header('x-member') ?? randomUUID();
        return true;
      }
    }

    @Controller()
    @UseGuards(MemberHeader)
    class ProbeController {
      constructor(private readonly uploads: ImageUploads) {}

      @Post('probe/upload')
      @HttpCode(200)
      @UseInterceptors(ImageUploadInterceptor('image'))
      upload(@UploadedFile() file: Express.Multer.File | undefined): Promise<AcceptedImage | null> {
        return file === undefined ? Promise.resolve(null) : this.uploads.accept(file);
      }
    }

    beforeAll(async () => {
      const moduleRef = await Test.createTestingModule({
        imports: [AppModule.forRoot(testEnv({ UPLOAD_DIR: uploadDir }))],
        controllers: [ProbeController],
      }).compile();
      probe = moduleRef.createNestApplication(new EnvelopeAdapter(), { logger: ['error', 'warn'] });
      await probe.listen(0, '127.0.0.1');
      probeUrl = await probe.getUrl();
    });
    afterAll(() => probe.close());

    const post = (parts: [string, Blob | string, string?][], member = randomUUID()) => {
      const form = new FormData();
      for (const [field, value, filename] of parts) {
        if (typeof value === 'string') {
          form.append(field, value);
        } else {
          form.append(field, value, filename);
        }
      }
      return fetch(`${probeUrl}/probe/upload`, {
        method: 'POST',
        body: form,
        headers: { 'x-member': member },
      });
    };
    const jpegBlob = async () =>
      new Blob([new Uint8Array(await picture(40, 30).jpeg().toBuffer())], { type: 'image/jpeg' });

    it('hands the file to ImageUploads, and the stored image is served', async () => {
      const answer = await post([
        ['content', 'hello'],
        ['image', await jpegBlob(), 'me.jpg'],
      ]);
      expect(answer.status).toBe(200);
      const { data } = (await answer.json()) as { data: AcceptedImage };
      expect(data).toMatchObject({ contentType: 'image/jpeg', width: 40, height: 30 });
      expect((await rawGet(url, data.path)).status).toBe(200);
    });

    it('answers 413 with the upload error once the file passes 5 MB', async () => {
      const answer = await post([
        ['image', new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/jpeg' }), 'big.jpg'],
      ]);
      expect(answer.status).toBe(413);
      expect(await answer.json()).toEqual({
        success: false,
        message: 'Images can be at most 5 MB.',
        code: 'UPLOAD.TOO_LARGE',
      });
    });

    it('answers 415 for HTML sent as image/jpeg with a .jpg name', async () => {
      const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/jpeg' });
      const answer = await post([['image', html, 'photo.jpg']]);
      expect(answer.status).toBe(415);
      expect(await answer.json()).toMatchObject({ code: 'UPLOAD.UNSUPPORTED_TYPE' });
    });

    it('answers 429 once a member has spent the hour’s 30 uploads, before reading the next file', async () => {
      const uploader = randomUUID();
      for (let attempt = 0; attempt < 30; attempt++) {
        // Refused files count too.
        const refused = await post([['image', new Blob(['not an image']), 'a.jpg']], uploader);
        expect(refused.status).toBe(415);
      }
      // A 6 MB file is refused for the budget, not for its size: nothing of it was read.
      const limited = await post(
        [['image', new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/jpeg' }), 'big.jpg']],
        uploader,
      );
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3_500);
      expect(await limited.json()).toMatchObject({ success: false, code: 'RATE.LIMITED' });
      // Text without a file is not an upload; other members are not held back.
      expect((await post([['content', 'hello']], uploader)).status).toBe(200);
      expect((await post([['image', await jpegBlob(), 'me.jpg']])).status).toBe(200);
    });

    it('answers 400 for a second file', async () => {
      const answer = await post([
        ['image', await jpegBlob(), 'a.jpg'],
        ['image', await jpegBlob(), 'b.jpg'],
      ]);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false });
    });
  });

  it('stores nothing but finished images', async () => {
    const names = await readdir(join(uploadDir, 'posts'));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !/^[0-9a-f]{32}\.(jpg|png|webp|gif)$/.test(name))).toEqual([]);
  });
});
