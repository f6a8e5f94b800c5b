import { registry } from '../../../core/systems';
import { describe, expect, it } from 'vitest';
import {
  createBackend,
  createDispatch,
  fail,
  MAX_PROBLEMS_LISTED,
  type Reply,
  type ResponseOf,
} from '../../../core/api';
import { MAX_MESSAGE_CHARS } from '../../../core/api/bounds';
import { payloadProblem, REQUEST_CAPS } from '../../../core/api/payloadBounds';
import { freshStore } from '../store/fixtures';
import { badUnitsFile, emptyUnitsFile, nestedFile } from '../../support/hostile';

// Issue 26: heavy and hostile input is refused in words, in bounded work, with a short reply, and
// writes nothing.

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
  const counts = async () => ({
    rosters: await store.db.rosters.count(),
    units: await store.db.units.count(),
    combats: await store.db.combats.count(),
  });
  return { call, counts };
}

type Check = ResponseOf<'roster.checkImport'>;

describe('a roster file past its caps', () => {
  it('100,000 empty units: one problem naming the list and its size, no unit checked, nothing written', async () => {
    const { call, counts } = host();
    const checked = await call<Check>('roster.checkImport', { file: emptyUnitsFile(100_000) });
    if (!checked.ok) expect.fail(checked.error.message);
    expect(checked.value.problems).toEqual([
      {
        field: 'rosters[0].units',
        message: 'rosters[0].units: expected at most 500 units in a roster; this one has 100,000',
      },
    ]);
    expect(checked.value.moreProblems).toBe(0);
    const imported = await call('roster.import', { file: emptyUnitsFile(100_000) });
    expect(imported.ok).toBe(false);
    if (!imported.ok) expect(imported.error.message).toContain('expected at most 500 units in a roster');
    expect(await counts()).toEqual({ rosters: 0, units: 0, combats: 0 });
  });

  it('more units than a whole club keeps, all rosters together, is refused on its size alone', async () => {
    const { call } = host();
    const file = emptyUnitsFile(500);
    const many = { ...file, rosters: Array.from({ length: 11 }, (_, r) => ({ ...file.rosters[0]!, id: `r-${r}` })) };
    const checked = await call<Check>('roster.checkImport', { file: many });
    if (!checked.ok) expect.fail(checked.error.message);
    expect(checked.value.problems).toEqual([
      {
        field: 'rosters',
        message: 'rosters: expected at most 2,000 units in one file, all rosters together; this one has 5,500',
      },
    ]);
  });

  it('300 wrong units within the caps: a screenful of problems listed, in file order, and how many more', async () => {
    const { call, counts } = host();
    const checked = await call<Check>('roster.checkImport', { file: badUnitsFile(2, 150) });
    if (!checked.ok) expect.fail(checked.error.message);
    expect(checked.value.problems).toHaveLength(MAX_PROBLEMS_LISTED);
    expect(checked.value.problems[0]!.field).toBe('rosters[0].units[0].profile.models[0].toughness');
    expect(checked.value.problems[1]!.field).toBe('rosters[0].units[1].profile.models[0].toughness');
    expect(checked.value.problems[19]!.field).toBe('rosters[0].units[19].profile.models[0].toughness');
    expect(checked.value.moreProblems).toBe(300 - MAX_PROBLEMS_LISTED);

    const imported = await call('roster.import', { file: badUnitsFile(2, 150) });
    if (imported.ok) expect.fail('imported a file with 300 problems');
    expect(imported.error.problems).toHaveLength(MAX_PROBLEMS_LISTED);
    expect(imported.error.moreProblems).toBe(300 - MAX_PROBLEMS_LISTED);
    expect(imported.error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(imported.error.message).toMatch(/^The roster file has 300 problems; nothing was imported: /);
    expect(await counts()).toEqual({ rosters: 0, units: 0, combats: 0 });
  });

  it('a file nested 5,000 levels deep is refused in words, on the file, and nothing is written', async () => {
    const { call, counts } = host();
    for (const channel of ['roster.checkImport', 'roster.import']) {
      const reply = await call(channel, { file: nestedFile(5000) });
      if (reply.ok) expect.fail(`${channel} took a file nested 5,000 levels`);
      expect(reply.error.code).toBe('invalid_input');
      expect(reply.error.message).toMatch(/nested more than \d+ levels deep/);
    }
    expect(await counts()).toEqual({ rosters: 0, units: 0, combats: 0 });
  });
});

describe('a file with thousands of wrong units', () => {
  it('is checked up to 500 problems, then says where the check stopped', async () => {
    const { call } = host();
    const checked = await call<Check>('roster.checkImport', { file: badUnitsFile(4, 500) });
    if (!checked.ok) expect.fail(checked.error.message);
    expect(checked.value.problems).toHaveLength(MAX_PROBLEMS_LISTED);
    // 500 problems, and the note of where the check stopped.
    expect(checked.value.moreProblems).toBe(501 - MAX_PROBLEMS_LISTED);
    const imported = await call('roster.import', { file: badUnitsFile(4, 500) });
    if (imported.ok) expect.fail('imported');
    expect(imported.error.message).toMatch(/^The roster file has 501 problems/);
    const { parseRosterFile } = await import('../../../core/roster/exchange');
    const parsed = parseRosterFile(badUnitsFile(4, 500), registry);
    expect(!parsed.ok && parsed.problems.at(-1)).toEqual({
      field: 'rosters',
      message:
        'rosters: the check stopped after 500 problems, at rosters[1].units[0]; fix these and check the file again for the rest',
    });
  });
});

describe('the contract caps what a table needs', () => {
  it('a roll of more dice than a step takes, or of 5 million, is refused in words and changes nothing', async () => {
    const { call } = host();
    const started = await call<ResponseOf<'combat.start'>>('combat.start', {
      system: 'wh40k-10e',
      setup: (await import('../../../core/api')).contract['combat.start'].example.setup,
      seed: 1,
    });
    if (!started.ok) expect.fail(started.error.message);
    const roll = (dice: number[]) =>
      call('combat.advance', {
        id: started.value.id,
        input: { kind: 'roll', stepId: started.value.step.id, dice, by: 'entered' },
      });
    // Past what any step rolls: the contract's own words.
    const tooMany = await roll(new Array<number>(201).fill(3));
    if (tooMany.ok) expect.fail('took 201 dice');
    expect(tooMany.error).toMatchObject({
      code: 'invalid_input',
      message: 'input.dice: expected at most 200 dice in one roll',
    });
    // Millions: refused by the gate on the request's size alone.
    const millions = await roll(new Array<number>(5_000_000).fill(3));
    if (millions.ok) expect.fail('took 5 million dice');
    expect(millions.error.message).toMatch(/^The request was refused: the request holds more than 2,000,000 values/);
    const snapshot = await call<ResponseOf<'combat.get'>>('combat.get', { id: started.value.id });
    expect(snapshot.ok && snapshot.value.inputs).toEqual([]);
  });

  it('a report naming one combat 100 times has it once', async () => {
    const { call } = host();
    const started = await call<ResponseOf<'combat.start'>>('combat.start', {
      system: 'wh40k-10e',
      setup: (await import('../../../core/api')).contract['combat.start'].example.setup,
      seed: 1,
    });
    if (!started.ok) expect.fail(started.error.message);
    // A combat is stored once its first step is taken.
    const rolled = await call<ResponseOf<'combat.roll'>>('combat.roll', {
      id: started.value.id,
      stepId: (started.value.step as { id: string }).id,
    });
    if (!rolled.ok) expect.fail(rolled.error.message);
    const reply = await call<ResponseOf<'history.report'>>('history.report', {
      ids: new Array(100).fill(started.value.id),
    });
    if (!reply.ok) expect.fail(reply.error.message);
    expect(reply.value.report.combats).toHaveLength(1);
  });

  it('any request nested past the caps is refused by the gate itself, in words, for every channel', async () => {
    const { call } = host();
    const reply = await call('app.echo', { text: 'x', deep: nestedFile(200) });
    if (reply.ok) expect.fail('took a request nested 200 levels');
    expect(reply.error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^The request was refused: the request is nested more than 64 levels deep/),
    });
  });
});

describe('every error reply is short', () => {
  it('an 18 MB message is cut to a few lines; a long field path too; problems to a screenful with a count', () => {
    const problems = Array.from({ length: 100_001 }, (_, i) => ({
      field: `units[${i}]`,
      message: `units[${i}]: ${'x'.repeat(1000)}`,
    }));
    const reply = fail('invalid_input', 'y'.repeat(18_000_000), 'f'.repeat(10_000), problems);
    if (reply.ok) expect.fail('fail() made an ok reply');
    expect(reply.error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(reply.error.message.endsWith('…')).toBe(true);
    expect(reply.error.field!.length).toBeLessThanOrEqual(200);
    expect(reply.error.problems).toHaveLength(MAX_PROBLEMS_LISTED);
    expect(reply.error.moreProblems).toBe(100_001 - MAX_PROBLEMS_LISTED);
    expect(JSON.stringify(reply).length).toBeLessThan(20_000);
  });

  it('a message is never cut through a character made of two code units', () => {
    const reply = fail('internal', `${'a'.repeat(MAX_MESSAGE_CHARS - 2)}😀😀`);
    if (reply.ok) expect.fail('ok');
    expect(reply.error.message).toBe(`${'a'.repeat(MAX_MESSAGE_CHARS - 2)}…`);
  });
});

describe('payloadProblem walks without recursion', () => {
  it('measures 100,000 levels without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(payloadProblem(deep, REQUEST_CAPS)).toMatch(/nested more than 64 levels deep/);
  });

  it('refuses a list of millions by its length, and counts keys and strings as characters', () => {
    expect(payloadProblem(new Array(3_000_000).fill(0), REQUEST_CAPS)).toMatch(/more than 2,000,000 values/);
    expect(payloadProblem({ ['k'.repeat(6)]: 'v'.repeat(5) }, { maxDepth: 5, maxValues: 10, maxChars: 10 })).toMatch(
      /larger than/,
    );
    expect(payloadProblem({ ['k'.repeat(5)]: 'v'.repeat(5) }, { maxDepth: 5, maxValues: 10, maxChars: 10 })).toBeNull();
  });

  it('takes exactly its depth: 64 levels pass, 65 do not', () => {
    const nest = (n: number) => {
      let v: unknown = {};
      for (let i = 1; i < n; i++) v = { a: v };
      return v;
    };
    expect(payloadProblem(nest(64), REQUEST_CAPS)).toBeNull();
    expect(payloadProblem(nest(65), REQUEST_CAPS)).not.toBeNull();
  });
});
