import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');

/** The custom properties declared in `block`, by name. */
function tokens(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map(([, name, value]) => [
      name!,
      value!.toLowerCase(),
    ]),
  );
}

const [lightBlock, darkBlock] = css.split('@media (prefers-color-scheme: dark)');
const light = tokens(lightBlock!);
// The dark theme only overrides; whatever it does not name stays as in the light one.
const dark = { ...light, ...tokens(darkBlock!.split('@media')[0]!) };

/**
 * Every background a focusable element sits on: the page, cards and dialogs, the muted and
 * hover fills, the active sidebar link and the tinted notices (the `-subtle` tokens).
 */
const backgrounds = (theme: Record<string, string>) =>
  Object.keys(theme).filter(
    (name) =>
      ['--color-bg', '--color-surface', '--color-surface-muted'].includes(name) ||
      name.endsWith('-subtle'),
  );

describe('the focus ring token', () => {
  it.each([
    ['light', light],
    ['dark', dark],
  ])('has 3:1 contrast or more against every %s background', (_, theme) => {
    const names = backgrounds(theme);
    expect(names.length).toBeGreaterThanOrEqual(9);
    const ratios = Object.fromEntries(
      names.map((name) => [
        name,
        Number(contrast(theme['--color-focus']!, theme[name]!).toFixed(2)),
      ]),
    );
    const below = Object.entries(ratios).filter(([, ratio]) => ratio < 3);
    expect(below).toEqual([]);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
