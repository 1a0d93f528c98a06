import { z } from 'zod';

import { hasBidiControls, hasControlCharacters, hasVisibleText } from './visible-text';

/**
 * What the text rule refuses, in the order it is checked: a control character (Postgres refuses
 * NUL outright, so this one is also what keeps a 500 away), nothing to see, a bidi control.
 */
export type TextProblem = 'control' | 'invisible' | 'direction';

/**
 * The problem the text rule finds in `text`, if any. Empty text passes: whether a field may be
 * empty is that field's own rule (and its own, often SPEC's, message).
 */
export function textProblem(text: string, { multiline = false } = {}): TextProblem | undefined {
  if (hasControlCharacters(text, { multiline })) {
    return 'control';
  }
  if (text !== '' && !hasVisibleText(text)) {
    return 'invisible';
  }
  if (hasBidiControls(text)) {
    return 'direction';
  }
  return undefined;
}

export interface TextField {
  /** The field as its messages name it, starting a sentence: 'Full name', 'Description'. */
  name: string;
  /**
   * SPEC's message for a missing field. Given, the field must be a non-empty string, and text
   * with nothing to see counts as missing and gets this message too (unless `invisible` is set).
   */
  required?: string;
  /** Text written in lines (posts, descriptions, reasons): keeps line breaks and tabs. */
  multiline?: boolean;
  /**
   * A password: never shown, so only the control rule applies, and it is taken as typed
   * (untrimmed). Refusing hidden or direction characters in one would lock out whoever chose it.
   */
  secret?: boolean;
  /** The field's own words for text with nothing to see, where it has them. */
  invisible?: string;
  /**
   * The field's own message for a value of the wrong shape (SPEC's, e.g. 'Please enter a valid
   * phone number'), where it has one: it then answers control and direction characters too.
   */
  invalid?: string;
}

/** The message naming `field` for `problem`. */
function textMessage(problem: TextProblem, field: TextField): string {
  switch (problem) {
    case 'control':
      if (field.invalid !== undefined) {
        return field.invalid;
      }
      return field.multiline
        ? `${field.name} cannot contain control characters other than line breaks and tabs.`
        : `${field.name} cannot contain line breaks, tabs or other control characters.`;
    case 'invisible':
      return field.invisible ?? field.required ?? `${field.name} needs some visible text.`;
    case 'direction':
      return (
        field.invalid ?? `${field.name} cannot contain characters that change the text direction.`
      );
  }
}

/**
 * The one rule for a string a client sends (body, query or multipart field): trimmed, then
 * refused with a message naming the field if it holds a C0 control or DEL (line breaks and tabs
 * allowed in `multiline` text), has nothing a reader would see, or holds a bidi embedding,
 * override or isolate (which would reverse the page around it). Chain the field's own rules
 * (`max`, `regex`, `optional`) after it.
 */
export function text(field: TextField): z.ZodString {
  const base = z.string(field.required === undefined ? undefined : { error: field.required });
  const trimmed = field.secret === true ? base : base.trim();
  const present =
    field.required === undefined ? trimmed : trimmed.min(1, { error: field.required });
  return present.superRefine((value, context) => {
    const problem =
      field.secret === true
        ? hasControlCharacters(value, { multiline: field.multiline })
          ? 'control'
          : undefined
        : textProblem(value, { multiline: field.multiline });
    if (problem !== undefined) {
      context.addIssue({ code: 'custom', message: textMessage(problem, field) });
    }
  });
}
