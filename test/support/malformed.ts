import { contract, type Channel } from '../../core/api';

/** Values of every JSON-ish kind; for each field at least one of them breaks its schema. */
const wrongValues: unknown[] = [null, 12345, 'not-valid', [], { nested: true }, true, 'x'.repeat(20_000)];

export interface MalformedCase {
  description: string;
  payload: unknown;
  /** The field the error must name. */
  field: string;
}

/**
 * Malformed payloads for a channel, derived from the contract itself: each field of its example
 * set to a value its schema refuses, and an extra field nobody declared.
 */
export function malformedCases(channel: Channel): MalformedCase[] {
  const { request, example } = contract[channel];
  const cases: MalformedCase[] = [];
  for (const key of Object.keys(example as object)) {
    const wrong = wrongValues.find((value) => !request.safeParse({ ...(example as object), [key]: value }).success);
    if (wrong === undefined)
      throw new Error(`${channel}.${key} accepts anything: give it a schema that can be violated`);
    cases.push({
      description: `${key} = ${JSON.stringify(wrong)?.slice(0, 30)}`,
      payload: { ...(example as object), [key]: wrong },
      field: key,
    });
  }
  cases.push({
    description: 'an undeclared field',
    payload: { ...(example as object), smuggled: 1 },
    field: 'smuggled',
  });
  return cases;
}
