import { hasBidiControls, hasControlCharacters, hasVisibleText } from './visible-text';

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

describe(hasBidiControls.name, () => {
  it.each([
    ['an override', 'Ada\u202Eecila'],
    ['an embedding', 'a\u202Ab'],
    ['the pop that closes one', 'a\u202C'],
    ['an isolate', '\u2066hi\u2069'],
    ['the first-strong isolate', '\u2068x'],
  ])('finds %s', (_, text) => {
    expect(hasBidiControls(text)).toBe(true);
  });

  it('passes right-to-left text and the marks that only settle its direction', () => {
    expect(hasBidiControls('مرحبا\u200F!\u200E\u061C')).toBe(false);
  });
});

describe(hasControlCharacters.name, () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', '\u001B[31m'],
    ['the last C0 control, unit separator', 'a\u001F'],
    ['DEL', 'a\u007F'],
    ['a bell', '\u0007'],
  ])('finds %s, in single-line and multi-line text', (_, text) => {
    expect(hasControlCharacters(text)).toBe(true);
    expect(hasControlCharacters(text, { multiline: true })).toBe(true);
  });

  it.each([
    ['a line feed', 'a\nb'],
    ['a carriage return and line feed', 'a\r\nb'],
    ['a tab', 'a\tb'],
  ])('finds %s in single-line text only', (_, text) => {
    expect(hasControlCharacters(text)).toBe(true);
    expect(hasControlCharacters(text, { multiline: true })).toBe(false);
  });

  it.each([
    ['plain text', 'Ada Lovelace'],
    ['a space, the first character after the controls', ' '],
    ['a tilde, the last before DEL', '~'],
    ['a no-break space and a copyright sign', '\u00A0\u00A9'],
    ['an emoji', '🙂'],
  ])('passes %s', (_, text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });
});
