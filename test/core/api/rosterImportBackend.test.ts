import { registry } from '../../../core/systems';
import { readFileSync } from 'node:fs';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createBackend, createDispatch, type Reply, type ResponseOf } from '../../../core/api';
import { freshStore } from '../store/fixtures';

/** The real backend over a fresh store, through the contract's gate, as both hosts run it. */
function host() {
  const store = freshStore();
  const backend = createBackend({
    registry,
    appName: 'Combat Companion',
    version: '0.0.0',
    host: 'browser',
    store: { repo: store.repo, status: () => ({ state: 'ready', message: 'test' }) },
    clock: store.deps.clock,
    newId: store.deps.newId,
    newSeed: () => 1,
  });
  const dispatch = createDispatch(backend);
  const call = async <T>(channel: string, payload: unknown) => (await dispatch(channel, payload)) as Reply<T>;
  const counts = async () => ({ rosters: await store.db.rosters.count(), units: await store.db.units.count() });
  return { store, call, counts };
}

const base64 = (path: string) => readFileSync(path).toString('base64');
const necrons = { fileName: 'Necrons 10e.rosz', content: base64('test/fixtures/battlescribe/necrons-10e.rosz') };
type Preview = ResponseOf<'roster.previewImport'>;

describe('roster.previewImport', () => {
  it('converts a .rosz and writes nothing; the file it returns imports as a .ccroster.json does', async () => {
    const { call, counts } = host();
    const reply = await call<Preview>('roster.previewImport', necrons);
    if (!reply.ok) expect.fail(reply.error.message);
    expect(reply.value.preview).toMatchObject({
      rosterName: 'Necrons 10e',
      system: 'wh40k-10e',
      points: 1205,
      pointsLimit: 2000,
      exists: false,
    });
    expect(reply.value.preview.units.map((u) => u.name)).toEqual([
      'Overlord',
      'Tesseract Vault',
      'The Silent King',
      'Doom Scythe',
    ]);
    expect(reply.value.preview.units[1]!.weapons).toContain(
      '4 × Tesla sphere: 24″ · A 6 · BS 3+ · S 7 · AP 0 · D 1 · Sustained Hits 2, Anti-FLY 4+',
    );
    expect(await counts()).toEqual({ rosters: 0, units: 0 });

    const imported = await call<ResponseOf<'roster.import'>>('roster.import', { file: reply.value.file });
    expect(imported).toMatchObject({ ok: true, value: { rosters: [{ name: 'Necrons 10e', unitCount: 4 }] } });
    const stored = await call<ResponseOf<'roster.get'>>('roster.get', { id: reply.value.file.rosters[0]!.id });
    if (!stored.ok) expect.fail(stored.error.message);
    const vault = stored.value.units.find((u) => u.name === 'Tesseract Vault')!;
    expect(vault.points).toBe(425);
    expect(vault.notes).toContain('Invulnerable save 4+ for Tesseract Vault');
  });

  it('says when the roster is already here, and importing it again asks "replace or keep both"', async () => {
    const { call, counts } = host();
    const first = await call<Preview>('roster.previewImport', necrons);
    if (!first.ok) expect.fail(first.error.message);
    await call('roster.import', { file: first.value.file });
    const again = await call<Preview>('roster.previewImport', necrons);
    if (!again.ok) expect.fail(again.error.message);
    expect(again.value.preview.exists).toBe(true);
    expect(await call('roster.import', { file: again.value.file })).toMatchObject({
      ok: false,
      error: { code: 'conflict', field: 'onConflict' },
    });
    expect(await call('roster.import', { file: again.value.file, onConflict: 'keep-both' })).toMatchObject({
      ok: true,
    });
    expect(await counts()).toEqual({ rosters: 2, units: 8 });
    expect(await call('roster.import', { file: again.value.file, onConflict: 'replace' })).toMatchObject({ ok: true });
    expect(await counts()).toEqual({ rosters: 2, units: 8 });
  });

  it.each([
    [
      'a zip bomb',
      'bomb.rosz',
      base64('test/fixtures/battlescribe/zip-bomb.rosz'),
      'bomb.rosz cannot be imported: the roster inside is larger than 10 MB once unzipped',
    ],
    [
      'entity expansion',
      'laughs.ros',
      Buffer.from('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><roster name="&a;"/>').toString('base64'),
      'laughs.ros cannot be imported: it declares its own XML entities',
    ],
    [
      'a truncated zip',
      'half.rosz',
      readFileSync('test/fixtures/battlescribe/necrons-10e.rosz').subarray(0, 5000).toString('base64'),
      'half.rosz cannot be imported: ',
    ],
    [
      'a roster of another game',
      'belakor.rosz',
      base64('test/fixtures/battlescribe/belakor-aos4-newrecruit.rosz'),
      'belakor.rosz cannot be imported: it is a roster for Age of Sigmar 4.0.',
    ],
  ])(
    'refuses %s with a message in words, on the content field, and nothing is written',
    async (_what, fileName, content, message) => {
      const { call, counts } = host();
      const reply = await call('roster.previewImport', { fileName, content });
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'content' } });
      if (!reply.ok) expect(reply.error.message.startsWith(message)).toBe(true);
      expect(await counts()).toEqual({ rosters: 0, units: 0 });
    },
    20_000,
  );

  it('refuses content that is not base64 or too large at the contract, naming the field', async () => {
    const { call } = host();
    expect(await call('roster.previewImport', { fileName: 'x.ros', content: 'not base64!' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'content', message: "content: expected the file's bytes in base64" },
    });
    const huge = 'A'.repeat(13_333_340);
    expect(await call('roster.previewImport', { fileName: 'x.ros', content: huge })).toMatchObject({
      ok: false,
      error: { field: 'content', message: 'content: the file is too large: a roster file is at most 10 MB' },
    });
    expect(
      await call('roster.previewImport', {
        fileName: '',
        content: Buffer.from(strToU8('<roster/>')).toString('base64'),
      }),
    ).toMatchObject({ ok: false, error: { field: 'fileName' } });
  });
});
