/**
 * What a page actually painted, frame by frame: Chromium's screencast (CDP `Page.startScreencast`)
 * sends a PNG each time the compositor draws something new. A frame is blank when (nearly) every
 * pixel has one colour: a white or dark canvas with nothing on it. A lone spinner is not blank.
 *
 * Shared by the loading benchmark (bench/loading.ts) and the end-to-end check
 * (test/e2e/loading.e2e.ts), so both mean the same by "a blank frame".
 */
import { inflateSync } from 'node:zlib';

import type { CDPSession } from '@playwright/test';

/** DevTools' own "Slow 3G" preset (500 kbit/s × 0.8 each way, 400 ms × 5 latency). */
export const SLOW_3G = {
  offline: false,
  latency: 2_000,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
} as const;

/** Frames are scaled down to this box: enough to see a 40 px spinner, cheap to encode. */
const FRAME_BOX = { maxWidth: 640, maxHeight: 400 };
/** A frame with fewer pixels off its main colour than this shows nothing. */
const BLANK_PIXELS = 16;
/** Per-channel distance that counts as another colour. */
const TOLERANCE = 8;

export interface Frame {
  /** Wall-clock milliseconds (epoch), when the compositor drew it. */
  at: number;
  blank: boolean;
  /** The frame's main colour (its background, as a rule): red, green, blue. */
  colour: [number, number, number];
  /** How many pixels differ from the main colour. */
  inked: number;
}

export interface Screencast {
  frames: Frame[];
  stop(): Promise<void>;
}

/** Starts recording the page behind `cdp`; every frame is acknowledged at once, so none queue. */
export async function recordFrames(cdp: CDPSession): Promise<Screencast> {
  const frames: Frame[] = [];
  cdp.on('Page.screencastFrame', (event) => {
    void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => {});
    const at = (event.metadata.timestamp ?? Date.now() / 1000) * 1000;
    frames.push({ at, ...inspect(Buffer.from(event.data, 'base64')) });
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1, ...FRAME_BOX });
  return {
    frames,
    stop: async () => {
      await cdp.send('Page.stopScreencast').catch(() => {});
    },
  };
}

/** Whether a PNG shows anything: its main colour and how many pixels are not that colour. */
export function inspect(png: Buffer): Omit<Frame, 'at'> {
  const { width, height, channels, pixels } = decodePng(png);
  const counts = new Map<number, number>();
  // The main colour from a sample grid: the background covers most of any frame.
  for (let y = 0; y < height; y += 4) {
    for (let x = 0; x < width; x += 4) {
      const at = (y * width + x) * channels;
      const key = (pixels[at]! << 16) | (pixels[at + 1]! << 8) | pixels[at + 2]!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let main = 0;
  let most = -1;
  for (const [key, count] of counts) {
    if (count > most) {
      [main, most] = [key, count];
    }
  }
  const [r, g, b] = [(main >> 16) & 255, (main >> 8) & 255, main & 255];
  let inked = 0;
  for (let at = 0; at < width * height * channels; at += channels) {
    if (
      Math.abs(pixels[at]! - r) > TOLERANCE ||
      Math.abs(pixels[at + 1]! - g) > TOLERANCE ||
      Math.abs(pixels[at + 2]! - b) > TOLERANCE
    ) {
      inked += 1;
    }
  }
  return { blank: inked < BLANK_PIXELS, colour: [r, g, b], inked };
}

/** The 8-bit RGB(A), non-interlaced PNGs Chromium writes; nothing else is needed here. */
function decodePng(png: Buffer) {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = body.subarray(8, 13);
      channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) {
        throw new Error(`PNG: depth ${depth}, colour type ${colourType} is not supported here`);
      }
    } else if (type === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? pixels[out + x - channels]! : 0;
      const up = y > 0 ? pixels[out - stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? pixels[out - stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) {
        predicted = left;
      } else if (filter === 2) {
        predicted = up;
      } else if (filter === 3) {
        predicted = (left + up) >> 1;
      } else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[out + x] = (line[x]! + predicted) & 255;
    }
  }
  return { width, height, channels, pixels };
}
