import type { z } from 'zod/mini';
import { AppError } from './errors';

/** Each refused field's first reason, keyed by its dotted path; `whole` names a refusal of the input itself. */
export function fieldErrorsOf(error: z.core.$ZodError, whole = 'body'): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.map(String).join('.') || whole] ??= issue.message;
  return fieldErrors;
}

/**
 * An input (a body, a query) checked with its shared schema, or a 400 with the first reason as its sentence and every
 * refused field in `details.fieldErrors`: the one shape of a validation refusal.
 */
export function validated<T>(schema: z.ZodMiniType<T>, input: unknown, whole = 'body'): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new AppError(400, 'validation_failed', result.error.issues[0]?.message ?? 'The request is not valid.', {
    fieldErrors: fieldErrorsOf(result.error, whole),
  });
}
