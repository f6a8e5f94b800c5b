import type { FieldProblem } from '../validation/issues';

/** An expected failure of a repository call; the backend turns it into an error reply. */
export class StoreError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'invalid_input',
    message: string,
    readonly field?: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
