import type { Caller, Dispatch } from '../../core/api';
import { excessWords, payloadExcess, REQUEST_CAPS } from '../../core/api/payloadBounds';
import { fail } from '../../core/api/reply';
import { asBytes, decodeJson, isWireBytes, MAX_REQUEST_BYTES, OBJECT_LIMIT } from '../wire';
import type { HostThread, WireReply } from './hostThread';
import { scanJson } from './jsonScan';

/** Channels answered in the main process: they open native dialogs or print the calling page. */
export const mainChannels: ReadonlySet<string> = new Set(['file.save', 'file.open', 'print.print', 'print.savePdf']);

/** What the IPC handlers call: a request as it came from the window (an object or its JSON bytes), its reply as it goes back. */
export type Route = (channel: string, request: unknown, caller?: Caller) => Promise<WireReply>;

/** Lets the event loop answer what else is waiting (the window's paints and requests) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const refused = (why: string) => fail('invalid_input', `The request was refused: ${why}.`);

/**
 * The main process's share of every request, kept small whatever the request (issue 35: no task
 * of the main process over 100 ms, up to the caps). It measures the request against the caps —
 * an object by a walk that stops at the first cap passed, JSON bytes by a scan a slice at a time —
 * and refuses one past them in words before it reaches the host thread (a payload nested 2,000
 * deep came back from there as "Maximum call stack size exceeded"). Then dialogs and printing are
 * answered here, everything else on the host thread, bytes handed on by transfer, unparsed.
 */
export function mainRoute(main: Dispatch, thread: Pick<HostThread, 'forward'>, pause = nextTurn): Route {
  return async (channel, request, caller) => {
    if (isWireBytes(request)) return routeBytes(channel, asBytes(request), { main, thread, pause, caller });
    const excess = payloadExcess(request, OBJECT_LIMIT);
    // Not the window's way: its preload sends a request this large as bytes (electron/wire.ts).
    if (excess === 'values')
      return refused(
        `it came as an object of more than ${OBJECT_LIMIT.maxValues.toLocaleString('en-US')} values, which the app's window sends as JSON text`,
      );
    if (excess) return refused(excessWords(excess, OBJECT_LIMIT));
    return mainChannels.has(channel) ? main(channel, request, caller) : thread.forward(channel, { payload: request });
  };
}

async function routeBytes(
  channel: string,
  bytes: Uint8Array,
  deps: { main: Dispatch; thread: Pick<HostThread, 'forward'>; pause: () => Promise<void>; caller?: Caller },
): Promise<WireReply> {
  if (bytes.byteLength > MAX_REQUEST_BYTES)
    return refused(`it is larger than ${MAX_REQUEST_BYTES / 1_000_000} MB, too large to be a roster or a combat`);
  const { excess, measure } = await scanJson(bytes, REQUEST_CAPS, deps.pause);
  if (excess) return refused(excessWords(excess, REQUEST_CAPS));
  if (!mainChannels.has(channel)) return deps.thread.forward(channel, { bytes });
  // A dialog's or printing's request is a handful of values; parsing it here costs nothing.
  if (measure.values > OBJECT_LIMIT.maxValues)
    return refused(`${channel} takes a few values, and this request holds ${measure.values.toLocaleString('en-US')}`);
  const read = decodeJson(bytes);
  return read.ok ? deps.main(channel, read.value, deps.caller) : refused(read.reason);
}
