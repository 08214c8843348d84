import { z } from 'zod/mini';

/**
 * The one rule every free-text field shares, in the browser and on the server: printable text only.
 * A NUL reached PostgreSQL and came back as a 500; other control characters, bidirectional overrides (which make a
 * name read differently from what is stored: "‮serotS") and lone UTF-16 surrogates (which become U+FFFD on the way
 * to the database) have no honest place in a name, an email or a message either. Imports nothing from the project.
 */

export const unsafeTextMessage = 'Please remove the invisible control or formatting characters from this field.';

// C0 controls except tab, line feed and carriage return (a browser posts a textarea's newlines as CRLF), DEL, C1.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** LRE, RLE, PDF, LRO, RLO and the isolates LRI, RLI, FSI, PDI. */
const bidiControl = /[\u202A-\u202E\u2066-\u2069]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !controlCharacter.test(value) && !bidiControl.test(value) && !loneSurrogate.test(value);
}

/**
 * The rule as a check, for a string schema's `.check(...)`: put it after `z.trim()` when the field is trimmed. It
 * aborts the checks after it, so the field's error is this message, not a length complaint about the same text.
 */
export function safeText(): z.core.$ZodCheck<string> {
  return z.refine(isSafeText, { error: unsafeTextMessage, abort: true });
}
