import type { z } from 'zod';

/** A zod issue path as people read it: `units[3].profile.toughness`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

export interface FieldProblem {
  /** Dotted path of the field, '' for the payload as a whole. */
  field: string;
  message: string;
}

/**
 * Turns a zod error into one problem per field. An unknown key is reported under its own name
 * (zod reports it on the parent object), so the user is told which field to remove.
 */
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const issue of error.issues) {
    const base = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = base === '' ? key : `${base}.${key}`;
        problems.push({ field, message: `${field}: unknown field` });
      }
      continue;
    }
    problems.push({ field: base, message: base === '' ? issue.message : `${base}: ${issue.message}` });
  }
  return problems;
}
