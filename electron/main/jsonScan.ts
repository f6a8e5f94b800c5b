import { excessOf, type PayloadCaps, type PayloadExcess, type PayloadMeasure } from '../../core/api/payloadBounds';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const U = 0x75;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * Measures a request's JSON text (UTF-8 bytes) as `payloadExcess` measures the value it parses to
 * (core/api/payloadBounds.ts) — depth, values, characters of strings and keys in UTF-16 code units
 * — without parsing it: the desktop's main process refuses a request past the caps before it hands
 * the bytes to the host thread, and never builds the request's objects itself (issue 35: building
 * a 6 MB roster's two million values held the window for seconds).
 *
 * A scan is fed the text a slice at a time, so the main process can answer the window between
 * slices. It is no validator: the host thread parses what passes (a text that is not JSON is
 * refused there), and a text whose objects repeat a key counts each (more than it parses to).
 */
export class JsonScan {
  private readonly measure: PayloadMeasure = { depth: 0, values: 1, chars: 0 };
  private level = 0;
  private inString = false;
  private escaped = false;
  /** Hex digits of a \uXXXX escape still to pass over. */
  private hexLeft = 0;
  /** A list or object was just opened: its first entry, if any, is one more value. */
  private opened = false;
  private found: PayloadExcess | null = null;

  constructor(private readonly caps: PayloadCaps) {}

  /** Which cap the text so far passes, or null. */
  get excess(): PayloadExcess | null {
    return this.found ?? excessOf(this.measure, this.caps);
  }

  /** The text's measure so far. */
  get measured(): Readonly<PayloadMeasure> {
    return this.measure;
  }

  /** Scans `bytes[from, to)`; false once the text passes a cap (the rest need not be read). */
  feed(bytes: Uint8Array, from = 0, to = bytes.length): boolean {
    for (let i = from; i < to; i++) {
      const b = bytes[i]!;
      if (this.inString) this.inStringByte(b);
      else if (!isSpace(b) && !this.structureByte(b)) return false;
    }
    return this.excess === null;
  }

  /** One byte inside a string: characters counted as UTF-16 code units, escapes as the one they stand for. */
  private inStringByte(b: number): void {
    if (this.hexLeft > 0) this.hexLeft -= 1;
    else if (this.escaped) {
      this.escaped = false;
      this.measure.chars += 1;
      if (b === U) this.hexLeft = 4;
    } else if (b === BACKSLASH) this.escaped = true;
    else if (b === QUOTE) this.inString = false;
    // UTF-8: a continuation byte (10xxxxxx) adds nothing; a four-byte sequence is a surrogate pair.
    else if (b < 0x80 || (b >= 0xc0 && b < 0xf0)) this.measure.chars += 1;
    else if (b >= 0xf0) this.measure.chars += 2;
  }

  /** One byte outside strings; false when it passes the depth cap. */
  private structureByte(b: number): boolean {
    if (this.opened) {
      this.opened = false;
      if (b !== CLOSE_LIST && b !== CLOSE_OBJECT) this.measure.values += 1;
    }
    if (b === QUOTE) this.inString = true;
    else if (b === COMMA) this.measure.values += 1;
    else if (b === OPEN_LIST || b === OPEN_OBJECT) {
      this.level += 1;
      this.opened = true;
      if (this.level > this.measure.depth) this.measure.depth = this.level;
      if (this.level > this.caps.maxDepth) {
        this.found = 'depth';
        return false;
      }
    } else if (b === CLOSE_LIST || b === CLOSE_OBJECT) this.level -= 1;
    return true;
  }
}

/** Bytes scanned between two turns of the main process's event loop (a few milliseconds' work). */
export const SCAN_SLICE_BYTES = 1 << 20;

/**
 * Scans the whole text a slice at a time, letting the event loop run between slices (`pause`), and
 * stops at the first cap passed: what it passes, or null, with the text's measure.
 */
export async function scanJson(
  bytes: Uint8Array,
  caps: PayloadCaps,
  pause: () => Promise<void>,
): Promise<{ excess: PayloadExcess | null; measure: Readonly<PayloadMeasure> }> {
  const scan = new JsonScan(caps);
  for (let from = 0; from < bytes.length; from += SCAN_SLICE_BYTES) {
    if (from > 0) await pause();
    if (!scan.feed(bytes, from, Math.min(bytes.length, from + SCAN_SLICE_BYTES))) break;
  }
  return { excess: scan.excess, measure: scan.measured };
}
