import { contract, isChannel, type Channel, type ResponseOf } from './contract';
import type { Backend, Caller } from './backend';
import { StoreError } from '../store/repo';
import { fieldProblems } from '../validation/issues';
import { ApiFailure, fail, ok, type Reply } from './reply';
import { joinedProblems } from './bounds';
import { payloadProblem, REQUEST_CAPS } from './payloadBounds';

/**
 * `caller` is the host's handle on the page that asked, passed through untouched to the channels
 * that act on that page (printing); the browser host has none to give.
 */
export type Dispatch = (channel: string, payload: unknown, caller?: Caller) => Promise<Reply<unknown>>;

/**
 * The one gate both hosts put in front of the backend: unknown channels are refused, the payload
 * is validated against the contract before the backend is called, and whatever the backend does
 * comes back as a Reply — never as a thrown exception.
 */
export function createDispatch(backend: Backend): Dispatch {
  return async (channel, payload, caller) => {
    if (!isChannel(channel)) return fail('unknown_channel', `There is no channel called "${String(channel)}".`);
    // Walked without recursion first: a request nested thousands deep or holding millions of
    // values is refused in words before a schema (or the store) could choke on it.
    const oversized = payloadProblem(payload, REQUEST_CAPS);
    if (oversized) return fail('invalid_input', `The request was refused: ${oversized}.`);
    const parsed = contract[channel].request.safeParse(payload);
    if (!parsed.success) {
      const problems = fieldProblems(parsed.error);
      const first = problems[0];
      const message = joinedProblems(problems) || 'The request is not valid.';
      return fail('invalid_input', message, first?.field || undefined, problems);
    }
    try {
      const value = await callBackend(backend, channel, parsed.data, caller);
      // The response is checked too: a backend bug must not send the UI something off-contract.
      const checked = contract[channel].response.safeParse(value);
      if (!checked.success) return fail('internal', `The app's engine produced an invalid reply on ${channel}.`);
      return ok(checked.data);
    } catch (error) {
      // The store's expected refusals (a combat or roster that is gone, a conflict) read as such from any backend.
      if (error instanceof ApiFailure || error instanceof StoreError)
        return fail(error.code, error.message, error.field, error.problems);
      const message = error instanceof Error ? error.message : String(error);
      return fail('internal', `Something went wrong on ${channel}: ${message}`);
    }
  };
}

function callBackend<C extends Channel>(
  backend: Backend,
  channel: C,
  request: unknown,
  caller: Caller | undefined,
): Promise<ResponseOf<C>> {
  // The request was parsed by this channel's own schema just above.
  const handler = backend[channel] as (request: unknown, caller?: Caller) => Promise<ResponseOf<C>>;
  return handler(request, caller);
}
