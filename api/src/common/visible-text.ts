/**
 * Characters that draw nothing on their own: whitespace, control and format characters (the
 * zero-width ones, the soft hyphen, bidi marks and controls), the default-ignorable ones (the
 * Hangul fillers, variation selectors, U+180E, tag characters), and the blank Braille pattern.
 * Nonspacing marks count too: a mark draws on the character before it, and with nothing before
 * it a name of marks alone shows no letter (or a stack of them spilling over the lines around).
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}\p{Mn}\u2800]/u;

/**
 * Bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). An unclosed
 * override in a name or post reverses the text after it, up to the end of its paragraph, so
 * "Ada\u202Eecila" shows as "Adaalice". The marks U+200E/U+200F/U+061C only settle
 * the direction of the characters next to them and are fine.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/** The controls text written in lines keeps: line feed, carriage return (browsers send CRLF), tab. */
const LINE_CONTROLS = new Set(['\n', '\r', '\t']);

/** Whether a reader would see anything of `text`: at least one character that draws. */
export function hasVisibleText(text: string): boolean {
  for (const character of text) {
    if (!INVISIBLE.test(character)) {
      return true;
    }
  }
  return false;
}

/** Whether `text` holds a bidi embedding, override or isolate control. */
export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/**
 * Whether `text` holds a C0 control (U+0000–U+001F) or DEL (U+007F); with `multiline`, line
 * breaks and tabs are allowed. Postgres refuses NUL in text outright, and the others have no
 * business in a name or an address (a vertical tab or escape in the feed, a bell in a mail).
 */
export function hasControlCharacters(text: string, { multiline = false } = {}): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if ((code <= 0x1f || code === 0x7f) && !(multiline && LINE_CONTROLS.has(character))) {
      return true;
    }
  }
  return false;
}
