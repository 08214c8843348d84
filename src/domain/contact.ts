import { z } from 'zod/mini';
import { isEmailAddress } from './email';
import { safeText } from './text';

/**
 * The contact form's rules (docs/product.md §5), shared by the browser form and POST /api/contact so both
 * answer with the same messages. Imports nothing from the project on purpose (docs/architecture.md §3).
 */

export const contactFields = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const contactLimits = { name: 120, email: 254, phone: 32, message: 5000, messageMin: 10 } as const;

export const contactMessages = {
  nameRequired: 'Full name is required.',
  nameTooLong: `Full name must be ${contactLimits.name} characters or fewer.`,
  emailRequired: 'Email address is required.',
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: `Email address must be ${contactLimits.email} characters or fewer.`,
  phoneInvalid: 'Please enter a valid phone number format.',
  messageRequired: 'Message is required.',
  messageTooShort: `Message must be at least ${contactLimits.messageMin} characters long.`,
  messageTooLong: `Message must be ${contactLimits.message} characters or fewer.`,
} as const;

/**
 * 10 to 15 digits, an optional leading plus, and single spaces or hyphens only *between* digit groups.
 * Each separator must be followed by a digit, so the pattern cannot backtrack badly on long input.
 */
const phonePattern = /^\+?\d+(?:[ -]\d+)*$/;

function isPhone(value: string): boolean {
  if (value.length > contactLimits.phone || !phonePattern.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

/** A trimmed, required text field; a missing value or null reads as "required", another type as "must be text". */
function requiredText(label: string, required: string, max: number, tooLong: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? required : `${label} must be text.`) })
    .check(z.trim(), safeText(), z.minLength(1, { error: required, abort: true }), z.maxLength(max, tooLong));
}

const phoneField = () =>
  z
    .pipe(
      z.nullish(z.string({ error: 'Phone number must be text.' })),
      z.transform((value: string | null | undefined) => (value ?? '').trim()),
    )
    .check(z.refine((value) => value === '' || isPhone(value), contactMessages.phoneInvalid));

// Built on first use, not at import (src/domain/onFirstUse.ts).
export const contactSchema = z.lazy(() =>
  z.object({
    name: requiredText('Full name', contactMessages.nameRequired, contactLimits.name, contactMessages.nameTooLong),
    email: requiredText('Email address', contactMessages.emailRequired, contactLimits.email, contactMessages.emailTooLong).check(
      z.refine(isEmailAddress, contactMessages.emailInvalid),
    ),
    phone: phoneField(),
    message: requiredText('Message', contactMessages.messageRequired, contactLimits.message, contactMessages.messageTooLong).check(
      z.minLength(contactLimits.messageMin, contactMessages.messageTooShort),
    ),
  }),
);

/** What a form or an API client sends. */
export type ContactInput = z.input<typeof contactSchema>;
/** The cleaned message: every field trimmed, phone '' when not given. */
export type ContactMessage = z.output<typeof contactSchema>;

export type ContactParseResult = { ok: true; value: ContactMessage } | { ok: false; fieldErrors: ContactFieldErrors };

/**
 * Validates anything a client might send. Something that is not an object (an array, a number) is read as an empty
 * form, so a failure always names fields and the caller never has to handle a "root" error.
 */
export function parseContact(input: unknown): ContactParseResult {
  const candidate = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  const result = contactSchema.safeParse(candidate);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (contactFields as readonly string[]).includes(field)) {
      fieldErrors[field as ContactField] ??= issue.message;
    }
  }
  return { ok: false, fieldErrors };
}

/** The first message per invalid field; empty when the form is valid. */
export function contactFieldErrors(input: unknown): ContactFieldErrors {
  const result = parseContact(input);
  return result.ok ? {} : result.fieldErrors;
}
