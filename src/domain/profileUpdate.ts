import { z } from 'zod';
import { isPlanSoldOnline, profileLimits, type ProfileUpdate } from './account';
import { safeText } from './text';

/**
 * The server's check of PATCH /api/me bodies (kept apart from account.ts so the browser's pages never load zod for
 * it). Strict: a body that tries to set anything else (purchasedPlan above all) is refused as a whole rather than
 * silently trimmed, so a client bug or a tampering attempt is visible.
 */

const text = (label: string, max: number) =>
  safeText(z.string({ error: `${label} must be text.` }).trim()).max(max, `${label} must be ${max} characters or fewer.`);

export const profileUpdateSchema = z
  .object({
    displayName: text('Name', profileLimits.displayName).min(1, 'Name cannot be empty.').optional(),
    businessName: text('Business name', profileLimits.businessName).optional(),
    role: text('Role', profileLimits.role).optional(),
    industry: text('Industry', profileLimits.industry).optional(),
    quizCompleted: z.boolean({ error: 'quizCompleted must be true or false.' }).optional(),
    chosenPlan: z
      .string({ error: 'Plan must be text.' })
      .refine(isPlanSoldOnline, 'Choose a plan that is sold online: launchpad or growth-engine.')
      .optional(),
  })
  .strict();

export type ParsedProfileUpdate =
  | { ok: true; value: ProfileUpdate }
  | { ok: false; fieldErrors: Record<string, string> };

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

