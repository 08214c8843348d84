/**
 * What a lead typed, as the agency's emails and staff's chat may show it (decision 188). A stranger chooses the name and
 * the address on a form, so an email to that address nobody confirmed carries none of their words, and staff see names
 * as quoted text that no mail client or chat app turns into a link.
 */

/** A first name of letters (any script) only, short enough to be one: greeted by it; anything else is not. */
const greetableName = /^[\p{L}\p{M}]{1,24}$/u;

/** The first name to greet an unconfirmed address by, or null: then the greeting has no name. */
export function greetingName(fullName: string): string | null {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return greetableName.test(first) ? first : null;
}

/**
 * A name or other typed text in quotes, for staff: one line; a zero-width space before each `.`, `@`, `/` and `:` so no
 * client finds a web or email address in it; an RFC 2047 encoded word (`=?UTF-8?B?...?=`) broken, so a mail client
 * cannot decode one into a subject; the quote and backtick characters replaced, so the text cannot close its quotes.
 */
export function quoted(text: string): string {
  const inner = text
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .replace(/[`“”]/g, "'")
    .replace(/=\?/g, '=\u200b?')
    .replace(/[.@/:]/g, '\u200b$&');
  return `“${inner}”`;
}

/** Slack and Google Chat leave code spans as they are: each quoted text becomes one, as a second guard against links. */
export const quotesAsCode = (text: string) => text.replace(/“[^”]*”/g, (quote) => `\`${quote}\``);
