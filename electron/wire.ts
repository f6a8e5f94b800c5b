import { payloadExcess, REQUEST_CAPS, type PayloadCaps } from '../core/api/payloadBounds';
import { fail, type Reply } from '../core/api/reply';

/**
 * How requests and replies cross the desktop's two boundaries — the window to the main process
 * (Electron IPC), the main process to the host thread (a worker's postMessage) — without the main
 * process ever building or copying a large object graph (issue 35: a 6 MB roster of two million
 * values held the main process for 10 s, half deserialising it from IPC and half copying it to the
 * host thread). Objects cost per value to copy; bytes cost a memcpy. So a request or reply of more
 * than `OBJECT_LIMIT` values crosses as its JSON text in UTF-8 bytes: the preload sends a large
 * request so, the main process measures the bytes (jsonScan.ts) and hands them on to the host
 * thread by transfer, and the host thread parses them; a large reply comes back the same way, the
 * preload parsing it. What crosses as bytes is always a JSON object's text: no request or reply
 * of the contract is ever binary, so bytes are never mistaken for one.
 */

/** A request or reply of more values than this crosses as JSON bytes: an object of this size copies in a few milliseconds. */
export const OBJECT_LIMIT: PayloadCaps = {
  maxDepth: REQUEST_CAPS.maxDepth,
  maxValues: 10_000,
  maxChars: REQUEST_CAPS.maxChars,
};

/**
 * The most bytes a request's JSON text may be: four for each character the caps allow (a character
 * is at most three bytes of UTF-8, the rest leaves room for the text's punctuation and numbers).
 */
export const MAX_REQUEST_BYTES = REQUEST_CAPS.maxChars * 4;

/** Whether a request or reply crossed as bytes (IPC delivers a Uint8Array; a worker, the ArrayBuffer transferred). */
export function isWireBytes(value: unknown): value is Uint8Array | ArrayBuffer {
  return value instanceof Uint8Array || value instanceof ArrayBuffer;
}

/** The bytes as a Uint8Array over them (no copy). */
export function asBytes(value: Uint8Array | ArrayBuffer): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array(value);
}

/** Whether a value is large enough to cross as JSON bytes rather than as an object. */
export function crossesAsBytes(value: unknown): boolean {
  return payloadExcess(value, OBJECT_LIMIT) === 'values';
}

/** A value as its JSON text in UTF-8 bytes. */
export function encodeJson(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

/** The value JSON bytes hold, or why they cannot be read (not UTF-8, not JSON), in words. */
export function decodeJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; reason: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'its bytes are not UTF-8 text' };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      ok: false,
      reason: `it is not JSON (${error instanceof Error ? error.message.slice(0, 120) : 'unreadable'})`,
    };
  }
}

/**
 * An ArrayBuffer holding exactly these bytes, to transfer to another thread: the bytes' own buffer
 * when they fill it, else a copy (a view into a larger buffer must not give the whole buffer away).
 */
export function transferableBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : (bytes.slice().buffer as ArrayBuffer);
}

/** A reply as it goes back to the window: an object, or a large one's JSON bytes, passed on unread. */
export type WireReply = Reply<unknown> | Uint8Array;

/** A reply read where it is used (the preload, or a caller in the main process): an object as it is, bytes parsed. */
export function readReply(reply: WireReply | ArrayBuffer): Reply<unknown> {
  if (!isWireBytes(reply)) return reply;
  const read = decodeJson(asBytes(reply));
  return read.ok
    ? (read.value as Reply<unknown>)
    : fail('internal', `The host's answer could not be read: ${read.reason}.`);
}

/** A request as the preload sends it: as it is, or as JSON bytes when it is large. */
export function requestOnTheWire(payload: unknown): unknown {
  return crossesAsBytes(payload) ? encodeJson(payload) : payload;
}
