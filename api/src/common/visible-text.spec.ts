import { hasVisibleText, withoutBidiControls } from './visible-text';

describe(hasVisibleText.name, () => {
  it.each([
    ['nothing', ''],
    ['spaces, tabs and line breaks', ' \t\n\r\u00A0\u2003\u3000\u2028\u2029'],
    ['zero-width space, non-joiner and joiner', '\u200B\u200C\u200D'],
    ['word joiner, byte-order mark and Mongolian vowel separator', '\u2060\uFEFF\u180E'],
    ['soft hyphens', '\u00AD\u00AD'],
    ['Hangul fillers', '\u115F\u1160\u3164\uFFA0'],
    ['bidi marks', '\u200E\u200F\u061C'],
    [
      'bidi embeddings, overrides and isolates',
      '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069',
    ],
    ['variation selectors and tag characters', '\uFE0F\u{E0041}\u{E007F}'],
    ['the blank Braille pattern', '\u2800\u2800'],
    ['combining marks with nothing to sit on', '\u0301\u0336\u0336'],
    ['a mix of all of these', '\u3164 \u200B\u202E\u2800\u00AD'],
  ])('finds nothing to see in %s', (_, text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it.each([
    ['Latin', 'Ada'],
    ['accented letters', 'Zoë'],
    ['right-to-left script', 'مرحبا'],
    ['Hangul', '한글'],
    ['an emoji', '🙂'],
    ['a digit', '7'],
    ['punctuation', '?'],
    ['one letter among invisible characters', '\u200B\u3164a\u202E'],
  ])('sees %s', (_, text) => {
    expect(hasVisibleText(text)).toBe(true);
  });
});

describe(withoutBidiControls.name, () => {
  it('takes out an override, so a name cannot reverse what follows it', () => {
    expect(withoutBidiControls('Ada\u202Eecila')).toBe('Adaecila');
  });

  it('takes out every embedding, override and isolate, and trims what they hid', () => {
    expect(withoutBidiControls('\u2067 \u202Ahe\u202Bl\u202Cl\u202Do\u2066\u2068\u2069 ')).toBe(
      'hello',
    );
  });

  it('keeps right-to-left text and the marks that only settle its direction', () => {
    expect(withoutBidiControls('مرحبا\u200F!\u200E')).toBe('مرحبا\u200F!\u200E');
  });
});
