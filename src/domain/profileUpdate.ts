import { z } from 'zod/mini';
import { isPlanSoldOnline, profileLimits, type ProfileUpdate } from './account';
import { safeText } from './text';

/**
 * The server's check of PATCH /api/me bodies (kept apart from account.ts so the browser's pages never load zod for
 * it). Strict: a body that tries to set anything else (purchasedPlan above all) is refused as a whole rather than
 * silently trimmed, so a client bug or a tampering attempt is visible.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .check(z.trim(), safeText(), z.maxLength(max, `${label} must be ${max} characters or fewer.`));

export const profileUpdateSchema = z.strictObject({
  displayName: z.optional(text('Name', profileLimits.displayName).check(z.minLength(1, 'Name cannot be empty.'))),
  businessName: z.optional(text('Business name', profileLimits.businessName)),
  role: z.optional(text('Role', profileLimits.role)),
  industry: z.optional(text('Industry', profileLimits.industry)),
  quizCompleted: z.optional(z.boolean({ error: 'quizCompleted must be true or false.' })),
  chosenPlan: z.optional(
    z
      .string({ error: 'Plan must be text.' })
      .check(z.refine(isPlanSoldOnline, 'Choose a plan that is sold online: launchpad or growth-engine.')),
  ),
});

export type ParsedProfileUpdate = { ok: true; value: ProfileUpdate } | { ok: false; fieldErrors: Record<string, string> };

export function parseProfileUpdate(input: unknown): ParsedProfileUpdate {
  const parsed = profileUpdateSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as ProfileUpdate };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fieldErrors[key] = `${key} cannot be changed here.`;
      continue;
    }
    const key = issue.path.join('.') || 'body';
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}
