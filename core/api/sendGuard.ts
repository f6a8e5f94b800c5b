import { payloadProblem, REQUEST_CAPS } from './payloadBounds';
import { fail, type Reply } from './reply';

type Send = (channel: string, payload: unknown) => Promise<Reply<unknown>>;

/**
 * The page's side of every call: a request past the caps is refused here, in words, before it is
 * sent (sending one nested 5,000 deep threw "Maximum call stack size exceeded", which nobody
 * caught, and Import spun forever: issue 26); and whatever goes wrong while sending becomes an
 * error reply, so a caller always gets an answer.
 */
export function guardedSend(send: Send): Send {
  return async (channel, payload) => {
    const oversized = payloadProblem(payload, REQUEST_CAPS);
    if (oversized) return fail('invalid_input', `This was not sent to the app's engine: ${oversized}.`);
    try {
      return await send(channel, payload);
    } catch (error) {
      return fail(
        'internal',
        `The request could not be sent to the app's engine: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}
