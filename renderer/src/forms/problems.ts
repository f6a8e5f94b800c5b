import type { ApiError } from '../../../core/api/reply';
import { HostError } from '../api/hostQuery';

export interface Problem {
  field: string;
  message: string;
}

/**
 * Every problem of an error reply, field by field. The host sends `problems` when there are
 * several; otherwise (or when a layer passed on only the joined message) the message is split
 * back into its "path: message" parts.
 */
export function problemsOf(error: ApiError | undefined): Problem[] {
  if (!error) return [];
  if (error.problems && error.problems.length > 0) return error.problems;
  const parts = error.message.split('; ');
  const parsed = parts.map((part) => /^([A-Za-z_][\w.[\]]*): (.+)$/.exec(part));
  if (parsed.every(Boolean)) return parsed.map((m) => ({ field: m![1]!, message: m![0] }));
  return [{ field: error.field ?? '', message: error.message }];
}

/** The message without its leading "path: ", as shown beside the field itself. */
export function bare(problem: Problem): string {
  const prefix = `${problem.field}: `;
  return problem.field && problem.message.startsWith(prefix) ? problem.message.slice(prefix.length) : problem.message;
}

/** Problems keyed by field path (the first one per field), messages without the path. */
export function errorsByField(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof HostError)) return out;
  for (const problem of problemsOf(error.error)) out[problem.field] ??= bare(problem);
  return out;
}

export function hostErrorOf(error: unknown): ApiError | undefined {
  return error instanceof HostError ? error.error : undefined;
}
