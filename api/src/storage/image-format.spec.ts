import { sniffImageFormat } from './image-format';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => Buffer.from(part as string)));

describe(sniffImageFormat.name, () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
  ])('recognises %s by its signature', (format, input) => {
    expect(sniffImageFormat(input)).toBe(format);
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['PDF', bytes('%PDF-1.7')],
    ['BMP', bytes('BM', [0, 0, 0, 0])],
    ['TIFF', bytes('II*', [0])],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a JPEG signature cut short', bytes([0xff, 0xd8])],
  ])('refuses %s', (_, input) => {
    expect(sniffImageFormat(input)).toBeUndefined();
  });
});
