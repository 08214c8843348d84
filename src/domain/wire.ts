import { z } from 'zod/mini';
import type { AccountProfile } from './account';
import { findPlan, type PlanKey } from './plans';

/**
 * The JSON both sides of /api agree on, written once: the server builds its answers from these types and the browser
 * checks what it receives with these schemas (docs/decisions/076-one-wire-contract.md).
 */

// Every schema here is built on first use, not at import (src/domain/onFirstUse.ts).

// ---- refusals ---------------------------------------------------------------------------------------------------

/** One sentence per refused field, keyed by the field's name (or its dotted path). */
export const fieldErrorsSchema = z.lazy(() => z.record(z.string(), z.string()));
export type FieldErrors = Partial<Record<string, string>>;

/**
 * What a refusal may add to its sentence: one sentence per refused field (every validation refusal), or (a 409) the
 * resource as it now stands, which the caller checks with that resource's own schema.
 */
export const errorDetailsSchema = z.lazy(() =>
  z.object({
    fieldErrors: z.optional(fieldErrorsSchema),
    current: z.optional(z.unknown()),
  }),
);
export type ErrorDetails = { fieldErrors?: FieldErrors; current?: unknown };

/** Every 4xx and 5xx answer of /api: `{ error: { code, message, details? } }`; `message` is a sentence for people. */
export const errorEnvelopeSchema = z.lazy(() =>
  z.object({
    error: z.object({ code: z.string(), message: z.string(), details: z.optional(errorDetailsSchema) }),
  }),
);
export interface ErrorEnvelope {
  error: { code: string; message: string; details?: ErrorDetails };
}

/*
 * Two answers keep another shape because their callers expect it:
 * - POST /api/verify-payment answers `{ success, msg, fieldErrors? }` (SPEC §8; src/domain/payment.ts
 *   VerifyPaymentAnswer), refusals included;
 * - the sandbox checkout's Simulate failure answers Razorpay's `{ error: { code, description, metadata } }`, which the
 *   page hands to the checkout's `payment.failed` listeners as Razorpay's widget would.
 */

/** The envelope for a refusal; `details` appears only when there are some. */
export function errorEnvelope(code: string, message: string, details?: ErrorDetails): ErrorEnvelope {
  return { error: details ? { code, message, details } : { code, message } };
}

// ---- receipts ---------------------------------------------------------------------------------------------------

const planKeySchema = z.lazy(() => z.custom<PlanKey>((value) => typeof value === 'string' && findPlan(value)?.key === value));

/** The answer of POST /api/contact once the message is stored. */
export const contactReceiptSchema = z.lazy(() => z.object({ result: z.literal('success') }));
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
export const contactReceipt: ContactReceipt = { result: 'success' };

/** The answer of POST /api/quiz-submissions: the stored lead and the plan the server computed. */
export const quizSubmissionReceiptSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    recommendedPlan: planKeySchema,
    /** ISO date-time the lead was stored. */
    createdAt: z.string(),
  }),
);
export type QuizSubmissionReceipt = z.infer<typeof quizSubmissionReceiptSchema>;

/** The secret in a quiz reply's link (decision 188): 24 random bytes, base64url. */
export const reportLinkTokenPattern = /^[A-Za-z0-9_-]{32}$/;

/** POST /api/report-emails: the owner of a quiz's address asks for its report by email, with the link's secret. */
export const reportEmailRequestSchema = z.lazy(() =>
  z.object({ token: z.string().check(z.regex(reportLinkTokenPattern, 'This link is not complete. Open it again from the email.')) }),
);
export type ReportEmailRequest = z.infer<typeof reportEmailRequestSchema>;

/** 202 `sent`: the report is on its way; 200 `already_sent`: it was asked for before, nothing more is sent. */
export const reportEmailReceiptSchema = z.lazy(() => z.object({ result: z.enum(['sent', 'already_sent']) }));
export type ReportEmailReceipt = z.infer<typeof reportEmailReceiptSchema>;

/** The answer of GET and PATCH /api/me (AccountProfile). */
export const accountProfileSchema = z.lazy(
  () =>
    z.object({
      uid: z.string(),
      email: z.string(),
      displayName: z.nullable(z.string()),
      businessName: z.nullable(z.string()),
      role: z.nullable(z.string()),
      industry: z.nullable(z.string()),
      quizCompleted: z.boolean(),
      chosenPlan: z.nullable(planKeySchema),
      purchasedPlan: z.nullable(planKeySchema),
      purchasedAt: z.nullable(z.string()),
    }) satisfies z.ZodMiniType<AccountProfile>,
);
