import fc from 'fast-check';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../core/api';
import { payloadExcess, REQUEST_CAPS, type PayloadCaps, type PayloadMeasure } from '../../core/api/payloadBounds';
import { connectHostThread, type ThreadLike, type ThreadPayload } from '../../electron/main/hostThread';
import { serveThread } from '../../electron/main/hostWorkerServe';
import { JsonScan, scanJson, SCAN_SLICE_BYTES } from '../../electron/main/jsonScan';
import { mainRoute } from '../../electron/main/route';
import {
  decodeJson,
  encodeJson,
  MAX_REQUEST_BYTES,
  readReply,
  requestOnTheWire,
  transferableBuffer,
} from '../../electron/wire';
import { nestedFileText } from '../support/hostile';

// Issue 36, item 3: a large request crosses the desktop's main process as JSON bytes, measured
// there against the caps without being parsed, and handed to the host thread by transfer.

/** The measure payloadBounds.ts describes, by plain recursion (the values here are small). */
function measureOf(value: unknown, depth = 1, into: PayloadMeasure = { depth: 0, values: 1, chars: 0 }) {
  if (typeof value === 'string') into.chars += value.length;
  if (typeof value !== 'object' || value === null) return into;
  into.depth = Math.max(into.depth, depth);
  for (const [key, item] of Object.entries(value)) {
    into.values += 1;
    if (!Array.isArray(value)) into.chars += key.length;
    measureOf(item, depth + 1, into);
  }
  return into;
}

const json = fc.jsonValue({ maxDepth: 6, stringUnit: 'binary' });

describe('JsonScan measures JSON bytes as the caps measure the value they parse to', () => {
  it('depth, values and characters (UTF-16 units, escapes, surrogate pairs) of any JSON value', () => {
    fc.assert(
      fc.property(json, fc.boolean(), (value, spaced) => {
        const scan = new JsonScan(REQUEST_CAPS);
        scan.feed(new TextEncoder().encode(JSON.stringify(value, null, spaced ? 2 : undefined)));
        expect(scan.measured).toEqual(measureOf(value));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses exactly what the walk of the parsed value refuses, whatever the caps and the slices', async () => {
    const caps = fc.record({
      maxDepth: fc.integer({ min: 1, max: 6 }),
      maxValues: fc.integer({ min: 1, max: 60 }),
      maxChars: fc.integer({ min: 0, max: 80 }),
    });
    await fc.assert(
      fc.asyncProperty(json, caps, async (value, limits: PayloadCaps) => {
        const scanned = await scanJson(encodeJson(value), limits, async () => {});
        expect(scanned.excess === null).toBe(payloadExcess(value, limits) === null);
      }),
      { numRuns: 500 },
    );
  });

  it('stops at the first level past the depth cap, before reading the rest', () => {
    const scan = new JsonScan(REQUEST_CAPS);
    const bytes = new TextEncoder().encode(nestedFileText(100_000));
    expect(scan.feed(bytes)).toBe(false);
    expect(scan.excess).toBe('depth');
    expect(scan.measured.depth).toBe(REQUEST_CAPS.maxDepth + 1);
  });
});

/** A route over a thread that records what reaches it and a dispatch for the dialogs. */
function routeWithSpies() {
  const forwarded: { channel: string; request: ThreadPayload }[] = [];
  const mained: { channel: string; payload: unknown }[] = [];
  let pauses = 0;
  const route = mainRoute(
    async (channel, payload) => (mained.push({ channel, payload }), { ok: true, value: 'main' }),
    { forward: async (channel, request) => (forwarded.push({ channel, request }), { ok: true, value: 'thread' }) },
    async () => void (pauses += 1),
  );
  return { route, forwarded, mained, pauses: () => pauses };
}

const refusal = (pattern: RegExp) => ({
  ok: false,
  error: { code: 'invalid_input', message: expect.stringMatching(pattern) },
});

describe('the main process refuses a request past the caps before the host thread sees it', () => {
  it('JSON bytes nested 2,000 deep: refused in words naming the depth, never forwarded', async () => {
    const { route, forwarded } = routeWithSpies();
    const bytes = new TextEncoder().encode(`{"file":${nestedFileText(2000)}}`);
    await expect(route('roster.import', bytes)).resolves.toEqual(
      refusal(/^The request was refused: the request is nested more than 64 levels deep/),
    );
    expect(forwarded).toEqual([]);
  });

  it('an object nested 2,000 deep (not the window’s way) is refused there too', async () => {
    const { route, forwarded } = routeWithSpies();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) deep = { a: deep };
    await expect(route('roster.import', { file: deep })).resolves.toEqual(refusal(/nested more than 64 levels deep/));
    expect(forwarded).toEqual([]);
  });

  it('bytes of more than two million values, or past the byte cap, are refused; an object of many values is refused as not the window’s', async () => {
    const { route, forwarded } = routeWithSpies();
    const manyValues = new TextEncoder().encode(`{"file":[${'0,'.repeat(2_000_000)}0]}`);
    await expect(route('roster.import', manyValues)).resolves.toEqual(refusal(/holds more than 2,000,000 values/));
    const tooLarge = new Uint8Array(MAX_REQUEST_BYTES + 1);
    await expect(route('file.save', tooLarge)).resolves.toEqual(refusal(/larger than 240 MB/));
    await expect(route('roster.import', { file: new Array(20_000).fill(0) })).resolves.toEqual(
      refusal(/more than 10,000 values, which the app's window sends as JSON text/),
    );
    expect(forwarded).toEqual([]);
  });

  it('bytes within the caps go to the thread as they came, the loop let run between slices', async () => {
    const { route, forwarded, pauses } = routeWithSpies();
    const bytes = encodeJson({ file: { notes: 'x'.repeat(3 * SCAN_SLICE_BYTES) } });
    await expect(route('roster.import', bytes)).resolves.toEqual({ ok: true, value: 'thread' });
    expect(forwarded).toHaveLength(1);
    // The very bytes, not a copy (compared by identity: a 3 MB deep comparison is slow).
    expect((forwarded[0]!.request as { bytes: Uint8Array }).bytes).toBe(bytes);
    expect(pauses()).toBe(3);
  });

  it('a dialog’s request that came as bytes is parsed for the main process; a dialog’s of many values is refused', async () => {
    const { route, mained } = routeWithSpies();
    await expect(route('file.open', encodeJson({ kind: 'roster' }))).resolves.toEqual({ ok: true, value: 'main' });
    expect(mained).toEqual([{ channel: 'file.open', payload: { kind: 'roster' } }]);
    await expect(route('file.open', encodeJson({ list: new Array(20_000).fill(1) }))).resolves.toEqual(
      refusal(/file\.open takes a few values, and this request holds 20,002/),
    );
    await expect(route('file.open', new TextEncoder().encode('{not json'))).resolves.toEqual(refusal(/it is not JSON/));
  });
});

describe('bytes cross to the host thread by transfer, and a large reply comes back as bytes', () => {
  it('the main process keeps no copy; the thread parses the request; the reply is read where it is used', async () => {
    const { port1, port2 } = new MessageChannel();
    const seen: unknown[] = [];
    serveThread(
      port2 as never,
      async (_channel, payload) => (seen.push(payload), { ok: true, value: new Array(50_000).fill(7) }),
      async () => {},
    );
    const host = connectHostThread(port1 as unknown as ThreadLike);
    const bytes = encodeJson({ file: { units: new Array(30_000).fill({}) } });
    const reply = await host.forward('roster.import', { bytes });
    // Transferred: the main process's buffer is detached, not copied.
    expect(bytes.byteLength).toBe(0);
    expect((seen[0] as { file: { units: unknown[] } }).file.units).toHaveLength(30_000);
    expect(reply).toBeInstanceOf(Uint8Array);
    const read = readReply(reply) as Reply<number[]>;
    expect(read.ok && read.value).toHaveLength(50_000);
    // A small reply stays an object.
    await expect(host.dispatch('app.info', {})).resolves.toMatchObject({ ok: true });
    port1.close();
  });

  it('bytes that are not JSON are refused by the thread in words', async () => {
    const { port1, port2 } = new MessageChannel();
    serveThread(
      port2 as never,
      async () => ({ ok: true, value: null }),
      async () => {},
    );
    const host = connectHostThread(port1 as unknown as ThreadLike);
    await expect(host.forward('roster.import', { bytes: new Uint8Array([0xff, 0xfe]) })).resolves.toEqual(
      refusal(/^The request was refused: its bytes are not UTF-8 text\.$/),
    );
    port1.close();
  });
});

describe('the wire helpers', () => {
  it('a request goes as bytes only when it is large; bytes read back to the same value', () => {
    expect(requestOnTheWire({ a: 1 })).toEqual({ a: 1 });
    const large = { list: new Array(10_001).fill('x') };
    const wire = requestOnTheWire(large);
    expect(wire).toBeInstanceOf(Uint8Array);
    expect(decodeJson(wire as Uint8Array)).toEqual({ ok: true, value: large });
  });

  it('a view into a larger buffer is copied before transfer, a whole buffer is not', () => {
    const whole = new Uint8Array([1, 2, 3]);
    expect(transferableBuffer(whole)).toBe(whole.buffer);
    const view = whole.subarray(1);
    const copy = transferableBuffer(view);
    expect(copy).not.toBe(whole.buffer);
    expect([...new Uint8Array(copy)]).toEqual([2, 3]);
  });

  it('a reply whose bytes cannot be read is an internal error in words', () => {
    expect(readReply(new Uint8Array([0x7b]))).toMatchObject({
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringMatching(/^The host's answer could not be read: it is not JSON/),
      },
    });
  });
});
