import { randomBytes } from 'node:crypto';

import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';

import { DomainError } from '../common/domain-error';
import { type ImageFormat, sniffImageFormat } from './image-format';
import {
  type ImageContentType,
  type ImageExtension,
  imageTypes,
  OBJECT_STORAGE,
  type ObjectStorage,
  type StorageKey,
  type UploadFolder,
} from './object-storage';

/** What a client may send: larger requests are refused (multer stops reading at this size too). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decoded pixels per image (per frame, and across the frames kept of an animation). */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Stored images fit inside this square; smaller ones are never enlarged. */
export const MAX_STORED_SIDE = 2048;
/** What a stored image may weigh; quality, then size, step down until it fits. */
export const MAX_STORED_BYTES = 1.5 * 1024 * 1024;
/** Frames kept of an animated GIF or WebP; the rest are dropped. */
export const MAX_FRAMES = 100;

/** The file as multer hands it over; only the bytes are trusted. */
export interface UploadedImageFile {
  buffer: Buffer;
  size: number;
  originalname?: string;
  mimetype?: string;
}

export interface AcceptedImage {
  /** Where the image is served, relative to the API host: `/uploads/posts/<name>.<ext>`. */
  path: string;
  contentType: ImageContentType;
  /** Of the stored image (of one frame, when animated). */
  width: number;
  height: number;
  /** Size of the stored image. */
  bytes: number;
}

export const uploadErrors = {
  unsupportedType: () =>
    new DomainError(
      'UPLOAD.UNSUPPORTED_TYPE',
      'Please choose a JPEG, PNG, WebP or GIF image.',
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    ),
  tooLarge: () =>
    new DomainError(
      'UPLOAD.TOO_LARGE',
      'Images can be at most 5 MB.',
      HttpStatus.PAYLOAD_TOO_LARGE,
    ),
  tooManyPixels: () =>
    new DomainError(
      'UPLOAD.TOO_MANY_PIXELS',
      'Images can be at most 25 megapixels.',
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
  unreadable: () =>
    new DomainError(
      'UPLOAD.UNREADABLE',
      'This image could not be read. Please choose another one.',
      HttpStatus.UNPROCESSABLE_ENTITY,
    ),
};

/** Every decoder sharp runs here: bounded pixels, and corrupt or truncated data is an error. */
const decoding = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'error',
} as const satisfies SharpOptions;

const extensionOf: Record<ImageFormat, ImageExtension> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};

/** One way of encoding the image; the first that fits in {@link MAX_STORED_BYTES} is stored. */
interface Encoding {
  format: ImageFormat;
  /** The longest side, at most. */
  side: number;
  /** JPEG/WebP quality, or the GIF palette size; PNG is lossless. */
  quality: number;
  /** How many frames of an animation to keep (1: the first frame, as a still image). */
  frames: number;
}

const START_QUALITY = { jpeg: 82, webp: 82, gif: 256, png: 100 } as const;
const MIN_QUALITY = { jpeg: 50, webp: 50, gif: 32, png: 100 } as const;
const MIN_SIDE = 64;
/** Encodings tried per frame count before giving up (each decodes the input again). */
const MAX_ATTEMPTS = 6;

/**
 * Accepts an uploaded image: checks it by its bytes, re-encodes it (which drops everything but
 * the pixels: EXIF with its GPS position, XMP, ICC, comments, trailing data) and stores it under
 * a random name. PNG stays PNG unless the lossless PNG would exceed {@link MAX_STORED_BYTES}:
 * then it becomes a WebP (photos saved as PNG). Animated GIFs and WebPs keep their animation
 * (at most {@link MAX_FRAMES} frames, within {@link MAX_INPUT_PIXELS} in all); one that cannot be
 * made small enough becomes its first frame.
 */
@Injectable()
export class ImageUploads {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async accept(file: UploadedImageFile, folder: UploadFolder = 'posts'): Promise<AcceptedImage> {
    const input = file.buffer;
    if (input.length > MAX_UPLOAD_BYTES || file.size > MAX_UPLOAD_BYTES) {
      throw uploadErrors.tooLarge();
    }
    const format = sniffImageFormat(input);
    if (format === undefined) {
      throw uploadErrors.unsupportedType();
    }
    const header = await readHeader(input, format);
    const output = await encodeWithin(input, firstEncoding(format, header));
    const extension = extensionOf[output.format];
    const key: StorageKey = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
    const contentType = imageTypes[extension];
    await this.storage.put(key, output.data, contentType);
    return {
      path: `/uploads/${key}`,
      contentType,
      width: output.width,
      height: output.height,
      bytes: output.data.length,
    };
  }
}

/**
 * The header only (sharp's metadata() decodes no pixels): the pixel count is checked before
 * anything is decoded, and the format must be the one the signature named.
 */
async function readHeader(input: Buffer, format: ImageFormat): Promise<Metadata> {
  let header: Metadata;
  try {
    header = await sharp(input, decoding).metadata();
  } catch (error) {
    throw isPixelLimit(error) ? uploadErrors.tooManyPixels() : uploadErrors.unreadable();
  }
  if (header.format !== format || !header.width || !header.height) {
    throw uploadErrors.unreadable();
  }
  // Without `pages`, height is that of one frame.
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    throw uploadErrors.tooManyPixels();
  }
  return header;
}

function firstEncoding(format: ImageFormat, header: Metadata): Encoding {
  const framePixels = header.width * header.height;
  const animated = (format === 'gif' || format === 'webp') && (header.pages ?? 1) > 1;
  const frames = animated
    ? Math.max(
        1,
        Math.min(header.pages ?? 1, MAX_FRAMES, Math.floor(MAX_INPUT_PIXELS / framePixels)),
      )
    : 1;
  return { format, side: MAX_STORED_SIDE, quality: START_QUALITY[format], frames };
}

interface Encoded {
  format: ImageFormat;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Encodes, then steps down until the result fits: quality first while the result is near the
 * limit, size when it is far over. A PNG too large as PNG is tried as WebP; an animation that
 * cannot fit, as its first frame.
 */
async function encodeWithin(input: Buffer, first: Encoding): Promise<Encoded> {
  const tries: Encoding[] = [first];
  if (first.format === 'png') {
    tries.push({ ...first, format: 'webp', quality: START_QUALITY.webp });
  }
  if (first.frames > 1) {
    tries.push({ ...first, frames: 1 });
  }
  for (const start of tries) {
    let encoding = start;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const encoded = await encode(input, encoding);
      if (encoded.data.length <= MAX_STORED_BYTES) {
        return encoded;
      }
      if (encoding.format === 'png') {
        break;
      }
      const next = smaller(encoding, encoded);
      if (next === undefined) {
        break;
      }
      encoding = next;
    }
  }
  throw uploadErrors.tooLarge();
}

function smaller(encoding: Encoding, encoded: Encoded): Encoding | undefined {
  const ratio = MAX_STORED_BYTES / encoded.data.length;
  const minQuality = MIN_QUALITY[encoding.format];
  if (ratio > 0.6 && encoding.quality > minQuality) {
    const step = encoding.format === 'gif' ? encoding.quality / 2 : 10;
    return { ...encoding, quality: Math.max(minQuality, encoding.quality - step) };
  }
  // Bytes grow about with the pixel count: shrink the area by the ratio, with some margin.
  const side = Math.floor(
    Math.min(encoding.side, Math.max(encoded.width, encoded.height)) * Math.sqrt(ratio) * 0.9,
  );
  return side < MIN_SIDE ? undefined : { ...encoding, side };
}

async function encode(input: Buffer, encoding: Encoding): Promise<Encoded> {
  const { format, side, quality, frames } = encoding;
  let pipeline: Sharp = sharp(input, { ...decoding, pages: frames })
    // Turns the pixels the way EXIF says; the orientation tag goes with the rest of the metadata.
    .autoOrient()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  // No keepMetadata()/withMetadata(): sharp writes none of the input's metadata (EXIF, XMP,
  // IPTC, ICC; the pixels are converted to sRGB first).
  switch (format) {
    case 'jpeg':
      pipeline = pipeline.jpeg({ quality, mozjpeg: true });
      break;
    case 'png':
      pipeline = pipeline.png();
      break;
    case 'webp':
      pipeline = pipeline.webp({ quality, effort: 4 });
      break;
    case 'gif':
      pipeline = pipeline.gif({ colours: quality, effort: 7 });
      break;
  }
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { format, data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    throw isPixelLimit(error) ? uploadErrors.tooManyPixels() : uploadErrors.unreadable();
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && error.message.includes('exceeds pixel limit');
}
