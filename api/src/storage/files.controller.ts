import { open, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { Controller, Get, HttpStatus, Inject, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { DomainError } from '../common/domain-error';
import { ACADEMY_CONTENT_DIR } from './api-root';
import {
  contentTypeOf,
  imageTypes,
  isStorageKey,
  OBJECT_STORAGE,
  type ObjectStorage,
} from './object-storage';

/** OpenAPI: a binary body of any of these types. */
const binary = (types: Record<string, string>) =>
  Object.fromEntries(
    Object.values(types).map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  );

const notFound = () =>
  new DomainError('FILE.NOT_FOUND', 'This file does not exist.', HttpStatus.NOT_FOUND);

/**
 * For files anyone may link to (members' uploads, the Academy's figures): the browser may show
 * them as the one type we name, never sniff another, run nothing in them if opened directly, and
 * load them from the web client's origin. SVG keeps inline styles (which run no code), as
 * GitHub's raw files do, so figures drawn with `<style>` still render.
 */
function setFileHeaders(
  response: Response,
  file: { name: string; contentType: string; size: number; cacheControl: string },
): void {
  response.setHeader('Content-Type', file.contentType);
  response.setHeader('Content-Length', String(file.size));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  // Only server-checked names (letters, digits, . _ -) reach this header.
  response.setHeader('Content-Disposition', `inline; filename="${file.name}"`);
  response.setHeader(
    'Content-Security-Policy',
    file.contentType === 'image/svg+xml'
      ? "default-src 'none'; style-src 'unsafe-inline'; sandbox"
      : "default-src 'none'; sandbox",
  );
  response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  response.setHeader('Cache-Control', file.cacheControl);
}

async function send(response: Response, body: Readable | Buffer): Promise<void> {
  if (Buffer.isBuffer(body)) {
    response.end(body);
    return;
  }
  try {
    await pipeline(body, response);
  } catch {
    // The client went away, or the source failed mid-file: the headers are out, so all that is
    // left is to cut the response short (pipeline has destroyed both streams).
  }
}

const academyTypes = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Opens `<ACADEMY_CONTENT_DIR>/<folder>/<name>` when both are plain names (no dot first, so no
 * `..` and no hidden files), the type is one we serve, and the file, links resolved, is inside
 * the folder and of that type; null otherwise.
 */
export async function openAcademyFile(
  folder: string,
  name: string,
  root: string = ACADEMY_CONTENT_DIR,
): Promise<{ body: Readable; contentType: string; size: number } | null> {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  if (!SEGMENT.test(folder) || !SEGMENT.test(name) || !Object.hasOwn(academyTypes, extension)) {
    return null;
  }
  let file;
  try {
    const [base, target] = await Promise.all([realpath(root), realpath(join(root, folder, name))]);
    if (!target.startsWith(base + sep) || !target.endsWith(`.${extension}`)) {
      return null;
    }
    file = await open(target, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ELOOP'].includes(code)) {
      return null;
    }
    throw error;
  }
  const stats = await file.stat().catch(async (error: unknown) => {
    await file.close();
    throw error;
  });
  if (!stats.isFile()) {
    await file.close();
    return null;
  }
  return {
    body: file.createReadStream(),
    contentType: academyTypes[extension as keyof typeof academyTypes],
    size: stats.size,
  };
}

@ApiTags('files')
@Controller()
export class FilesController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /**
   * An uploaded image (a post's `postMedia`), public: `<img>` sends no bearer token, and the
   * random name is what grants access. Stored names never change, so it is cached for good.
   */
  @Get('uploads/:folder/:name')
  @ApiOkResponse({ description: 'The image, as stored.', content: binary(imageTypes) })
  @ApiNotFoundResponse({ description: 'No such image.' })
  async upload(
    @Param('folder') folder: string,
    @Param('name') name: string,
    @Res() response: Response,
  ): Promise<void> {
    const key = `${folder}/${name}`;
    if (!isStorageKey(key)) {
      throw notFound();
    }
    const stored = await this.storage.get(key);
    if (stored === null) {
      throw notFound();
    }
    setFileHeaders(response, {
      name,
      // The name was chosen for the stored type; a type set by hand on a bucket is not believed.
      contentType: contentTypeOf(key),
      size: stored.size,
      cacheControl: 'public, max-age=31536000, immutable',
    });
    await send(response, stored.body);
  }

  /** A figure of the Academy's content (course covers, section images), from `api/content/academy`. */
  @Get('content/academy/:folder/:name')
  @ApiOkResponse({ description: 'The figure.', content: binary(academyTypes) })
  @ApiNotFoundResponse({ description: 'No such figure.' })
  async academy(
    @Param('folder') folder: string,
    @Param('name') name: string,
    @Res() response: Response,
  ): Promise<void> {
    const file = await openAcademyFile(folder, name);
    if (file === null) {
      throw notFound();
    }
    setFileHeaders(response, { ...file, name, cacheControl: 'public, max-age=3600' });
    await send(response, file.body);
  }
}
