import { z } from 'zod';
import { MAX_FIELD_CHARS, screenful, shorten } from './bounds';

/**
 * Every reply that crosses the host boundary has this shape, so no raw exception (and no stack
 * trace) ever reaches the UI. `field` names the offending input field when there is one.
 */
export const errorCodes = [
  'invalid_input', // the payload failed the contract's request schema
  'unknown_channel', // no such channel in the contract
  'forbidden', // the sender is not the app's own page
  'not_found',
  'conflict',
  'unsupported', // this host cannot do that (e.g. native file dialogs in a browser)
  'internal', // the backend failed; the message is safe to show
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  field: z.string().optional(),
  /** Every problem, field by field, when there are several (a form shows each beside its field). */
  problems: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** How many problems there are beyond those listed: a reply lists a screenful at most. */
  moreProblems: z.number().int().min(1).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export type Reply<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const ok = <T>(value: T): Reply<T> => ({ ok: true, value });
export type Problem = { field: string; message: string };

/**
 * An error reply. Whatever the input was, the reply stays short (bounds.ts): the message and the
 * field are cut to a few lines, the problems to a screenful, with how many more there are.
 */
export const fail = (code: ErrorCode, message: string, field?: string, problems?: Problem[]): Reply<never> => {
  const { listed, more } = screenful(problems ?? []);
  return {
    ok: false,
    error: {
      code,
      message: shorten(message),
      ...(field === undefined ? {} : { field: shorten(field, MAX_FIELD_CHARS) }),
      ...(problems && problems.length > 1 ? { problems: listed } : {}),
      ...(problems && problems.length > 1 && more > 0 ? { moreProblems: more } : {}),
    },
  };
};

/** Thrown by backend code to produce a specific error reply (anything else becomes `internal`). */
export class ApiFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly problems?: Problem[],
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}
