import type { z } from 'zod/mini';
import { AppError } from './errors';

/** A body checked with its shared schema, or a 400 naming each refused field (`fieldErrors`) and the first reason. */
export function validated<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors = Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
  throw new AppError(400, 'validation_failed', result.error.issues[0]?.message ?? 'The request is not valid.', { fieldErrors });
}
