import * as z from 'zod/mini';

/**
 * One rule for every free-text field on the wire. PostgreSQL cannot store NUL (`\u0000`) in text,
 * and no field of ours has any use for the other C0/C1 control characters, so they are refused at the
 * contract with a message naming the field — never passed on to fail in the database as a 500.
 * Multi-line fields (descriptions, messages) keep tab, line feed and carriage return.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Longest value any text column takes; also bounds what reaches a btree index (row limit ~2.7 kB). */
export const TEXT_LIMITS = {
  name: 60,
  title: 120,
  short: 200,
  address: 300,
  url: 2048,
  email: 254,
  /** Passwords are hashed, never stored, but bounded so argon2 never chews on megabytes. */
  password: 128,
  /** Ids and opaque tokens in URLs (uuids are 36; our tokens are 43). */
  id: 100,
  long: 5000,
} as const;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value);
}

/** For text we keep but do not validate (a User-Agent header): the control characters removed. */
export function stripControlCharacters(value: string): string {
  return value.replace(new RegExp(SINGLE_LINE_CONTROL.source, 'g'), '');
}

export type TextOptions = {
  /** The field as people read it: 'Event name', 'Description'. Used in every message. */
  label: string;
  max: number;
  /** Required fields refuse an empty (or all-space) value with `requiredMessage`. */
  required?: boolean;
  requiredMessage?: string;
  multiline?: boolean;
};

/**
 * A trimmed string with the shared control-character rule and an upper bound. A missing value is
 * "<label> is required"; a value of another type (a number, a list, an object) is "<label> must be text".
 */
export function text(options: TextOptions) {
  const required = options.requiredMessage ?? `${options.label} is required`;
  const notText = `${options.label} must be text`;
  // A pipe, so the length and character checks never run on a value that is not text (zod would
  // otherwise also measure an array's length and report "required" beside "must be text").
  return z.pipe(
    z.string({ error: (issue) => (issue.input === undefined ? required : notText) }),
    z.string().check(
      z.trim(),
      z.refine(
        (v) => !hasControlCharacters(v, options.multiline),
        `${options.label} contains characters that are not allowed`,
      ),
      ...(options.required ? [z.minLength(1, required)] : []),
      z.maxLength(options.max, `${options.label} can be at most ${options.max} characters long`),
    ),
  );
}
