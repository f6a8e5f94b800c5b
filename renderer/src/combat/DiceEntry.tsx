import { ActionIcon, Button, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconDice5, IconMinus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { countsFor, d3FromD6, groupsOf, hasD3, splitDice } from '../../../core/combat/rollGroups';
import type { DiceGroup, RollStep } from '../../../core/combat/steps';
import { DiceGrid } from './DiceGrid';
import { needsAtBoxes } from './needsWords';
import { GroupNeedLine } from './RollNeeds';
import { saveDiceMode, savedDiceMode, type DiceMode } from './diceMode';
import { diceCount, facesFromCounts, parseFaces } from './diceText';

/** Dice put back into the box: those of the step just undone (the faces as typed where D6s were halved). */
export interface RestoredDice {
  dice: readonly number[];
  typed?: readonly number[] | undefined;
}

interface Props {
  step: RollStep;
  busy: boolean;
  /** The dice entered at this step before an Undo: the box starts with them, to correct one typo. */
  restore?: RestoredDice | undefined;
  /** The dice the rules use; `typed` the D6 faces typed when the players halved D6s for the D3s. */
  onEnter: (dice: number[], typed?: number[]) => void;
  onRollForMe: () => void;
}

/** One group's entry as typed or counted, with what it comes to. */
interface Entry {
  group: DiceGroup;
  /** The dice the group takes: null for a chained group whose earlier group is not in yet. */
  count: number | null;
  /** The faces the entry takes: 6 for a D3 rolled as a D6 to halve. */
  sides: number;
  typed: number[];
  /** The faces for the rules (D3 results where the D6s are halved). */
  faces: number[];
  problem: string | null;
  complete: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Entering physical dice: typed faces ("3 5 6 1", Enter to submit) or a count per face with big
 * +/- buttons, or "Roll for me". A step that takes several kinds of dice at once (an attack's Damage
 * D3 and its Feel No Pain D6s) gets one entry per kind, in order. Where a step has D3s, a switch lets
 * the players roll D6s and halve them (D3 = ceil(D6/2)): they type the D6s, the app shows and sends
 * the D3 results and keeps what was typed. The running tally uses only the step's own numbers
 * (passOn, criticalOn) so the players can check their count; the host decides what the dice mean.
 */
export function DiceEntry({ step, busy, restore, onEnter, onRollForMe }: Props) {
  const groups = groupsOf(step);
  // One group reads as a plain roll: one box, the step's own words (a save roll keeps its group only
  // so the odds know which die fell where).
  const grouped = (step.groups?.length ?? 0) > 1;
  // Many groups, or dice rolled one after another: each box says its own need (the step's line above
  // only says how the roll goes), so the first box opens in sight on a laptop.
  const atBoxes = needsAtBoxes(step);

  const [mode, setModeNow] = useState<DiceMode>(savedDiceMode);
  // One kind of dice typed: the button sits beside the box (see the end).
  const inline = !grouped && mode === 'type';
  const setMode = (next: DiceMode) => {
    saveDiceMode(next);
    setModeNow(next);
  };
  const restored = restoredEntry(step, restore);
  const [halve, setHalve] = useState(restored.halve);
  // A box's own need, as its label where the needs go to the boxes.
  const needLine = (entry: Entry) => (
    <GroupNeedLine
      inLabel
      group={entry.group}
      count={entry.count}
      halve={halve}
      size="lg"
      testId={`step-needs-${entry.group.id}`}
    />
  );
  const [texts, setTexts] = useState(() => restored.parts.map((faces) => faces.join(' ')));
  const [counts, setCounts] = useState(() =>
    restored.parts.map((faces) =>
      faces.reduce((c, f) => c.map((n, i) => (i === f ? n + 1 : n)), new Array<number>(7).fill(0)),
    ),
  );
  // Enter pressed with dice still missing: said aloud, not silently ignored.
  const [tried, setTried] = useState(false);
  const fields = useRef<Array<HTMLInputElement | null>>([]);

  const parsed = groups.map((group, i) => {
    const halved = halve && group.sides === 3;
    const sides = halved ? 6 : group.sides;
    const read =
      mode === 'type' ? parseFaces(texts[i] ?? '', sides) : { faces: facesFromCounts(counts[i]!.slice(0, sides + 1)) };
    const typed = 'faces' in read ? read.faces : [];
    return {
      sides,
      typed,
      faces: halved ? typed.map(d3FromD6) : typed,
      parseProblem: 'problem' in read ? read.problem : null,
    };
  });
  // A chained group's dice ("to wound: one for each hit") are known once the group before it is in.
  const wanted = countsFor(
    step,
    parsed.map((p) => p.faces),
  );
  const entries: Entry[] = groups.map((group, i) => {
    const { sides, typed, faces, parseProblem } = parsed[i]!;
    const count = wanted[i] ?? null;
    const tooMany =
      count !== null && typed.length > count
        ? `That is ${typed.length} dice; ${count} ${count === 1 ? 'is' : 'are'} needed.`
        : null;
    const problem = parseProblem ?? tooMany;
    return {
      group,
      count,
      sides,
      typed,
      faces,
      problem,
      complete: !problem && count !== null && typed.length === count,
    };
  });
  const complete = entries.every((e) => e.complete);

  const missing = entries.find((e) => !e.complete);
  const submit = () => {
    if (!complete) setTried(true);
    if (!complete || busy) return;
    const dice = entries.flatMap((e) => e.faces);
    onEnter(dice, halve ? entries.flatMap((e) => e.typed) : undefined);
  };
  // Enter: submit when every kind is in, else go on to the next kind still to fill.
  const enter = (i: number) => {
    if (complete) return submit();
    const next = entries.findIndex((e, j) => j > i && !e.complete);
    if (next >= 0 && entries[i]!.complete) fields.current[next]?.focus();
    else setTried(true);
  };
  const bump = (i: number, face: number, by: number) =>
    setCounts((all) => all.map((c, j) => (j === i ? c.map((n, f) => (f === face ? Math.max(0, n + by) : n)) : c)));
  // The dice box keeps the focus: after the host refused what was sent (the step stays, so this
  // entry stays mounted) the typing goes on where it was, not on a button that was disabled meanwhile.
  const firstOpen = Math.max(
    0,
    entries.findIndex((e) => !e.complete),
  );
  // The first box takes the focus as the step opens, without scrolling the page to it: the step
  // opens at the top, where who rolls and what is needed are read first.
  useEffect(() => {
    if (mode === 'type') fields.current[0]?.focus({ preventScroll: true });
  }, [mode]);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) fields.current[firstOpen]?.focus();
    wasBusy.current = busy;
  }, [busy, firstOpen]);

  return (
    <Stack gap="md">
      {hasD3(step) && (
        <Switch
          size="lg"
          checked={halve}
          onChange={(e) => setHalve(e.currentTarget.checked)}
          label="We rolled D6s for the D3s"
          description="Type the D6s: each is halved, rounding up (1–2 → 1, 3–4 → 2, 5–6 → 3)"
          data-testid="halve-d3"
          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
        />
      )}

      {entries.map((entry, i) =>
        entry.count === null || entry.count === 0 ? (
          // A chained group waits for the dice it follows; when none pass, it takes none.
          <WaitingGroup key={entry.group.id} entry={entry} atBoxes={atBoxes} halve={halve} />
        ) : (
          <Stack key={entry.group.id} gap="xs" data-testid={grouped ? `dice-group-${entry.group.id}` : undefined}>
            {mode === 'type' ? (
              <>
                {inline && (
                  <Text fw={700} size="xl" id="dice-entry-label">
                    {entryLabel(entry, grouped, halve)}
                  </Text>
                )}
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  <TextInput
                    size="xl"
                    ref={(el) => {
                      fields.current[i] = el;
                    }}
                    // Beside the button, the label stands above both, at full width.
                    label={inline ? undefined : atBoxes ? needLine(entry) : entryLabel(entry, grouped, halve)}
                    aria-labelledby={inline ? 'dice-entry-label' : undefined}
                    description={[
                      entry.group.note && grouped ? capitalise(entry.group.note) : null,
                      i === entries.length - 1
                        ? 'e.g. 3 5 6 1 — or 3561. Enter to submit.'
                        : 'e.g. 3 5 6 1 — Enter for the next dice.',
                    ]
                      .filter(Boolean)
                      .join('. ')}
                    value={texts[i] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setTexts((all) => all.map((t, j) => (j === i ? value : t)));
                    }}
                    onKeyDown={(e) => e.key === 'Enter' && enter(i)}
                    error={entry.problem}
                    inputMode="numeric"
                    data-testid={grouped ? `dice-faces-${entry.group.id}` : 'dice-faces'}
                    data-count={entry.count}
                    data-sides={entry.sides}
                    styles={{
                      input: { fontSize: '1.75rem', letterSpacing: '0.15em', fontFamily: 'monospace' },
                      ...(atBoxes ? { label: { fontWeight: 400 } } : {}),
                    }}
                    // What to type goes under the box: the box itself opens in sight, nearer the question.
                    inputWrapperOrder={['label', 'input', 'error', 'description']}
                    style={{ flex: 1 }}
                  />
                  {inline && <SubmitDice onClick={submit} complete={complete} busy={busy} />}
                </Group>
              </>
            ) : null}
            {mode === 'type' ? (
              <DiceGrid
                faces={entry.typed}
                passOn={halve && entry.group.sides === 3 ? undefined : entry.group.passOn}
                testId={grouped ? `dice-grid-${entry.group.id}` : 'dice-grid'}
              />
            ) : (
              <>
                {atBoxes
                  ? needLine(entry)
                  : grouped && (
                      <Text fw={700} size="lg">
                        {entryLabel(entry, grouped, halve)}
                      </Text>
                    )}
                {/* Big faces to tap, one tap a die: a finger on a tablet counts a roll face by face. */}
                <SimpleGrid cols={{ base: 3, sm: entry.sides === 3 ? 3 : 6 }} spacing="sm">
                  {Array.from({ length: entry.sides }, (_, f) => f + 1).map((face) => {
                    const passes =
                      !(halve && entry.group.sides === 3) &&
                      entry.group.passOn !== undefined &&
                      face >= entry.group.passOn;
                    const of = grouped ? ` (${entry.group.label})` : '';
                    return (
                      <Stack key={face} gap={4} align="stretch">
                        <Button
                          h={88}
                          size="xl"
                          variant={passes ? 'filled' : 'default'}
                          color="dark"
                          aria-label={`One more ${face}${of}`}
                          onClick={() => bump(i, face, 1)}
                          styles={{ label: { flexDirection: 'column', lineHeight: 1.1 } }}
                        >
                          <Text span fw={800} fz={30} ff="monospace" lh={1.1}>
                            {face}
                          </Text>
                          <Text span size="lg">
                            <span data-testid={grouped ? `count-${entry.group.id}-${face}` : `count-${face}`}>
                              ×{counts[i]![face]}
                            </span>
                            {passes ? ' ✓' : ''}
                          </Text>
                        </Button>
                        <ActionIcon
                          size={44}
                          w="100%"
                          variant="default"
                          aria-label={`One fewer ${face}${of}`}
                          onClick={() => bump(i, face, -1)}
                          disabled={counts[i]![face] === 0}
                        >
                          <IconMinus />
                        </ActionIcon>
                      </Stack>
                    );
                  })}
                </SimpleGrid>
                {entry.problem && <Text c="red.8">{entry.problem}</Text>}
              </>
            )}
            <Text size="lg" data-testid={grouped ? `dice-tally-${entry.group.id}` : 'dice-tally'}>
              {tally(entry, halve)}
            </Text>
          </Stack>
        ),
      )}

      {/* How to enter the dice comes after the first box: on a laptop the box opens in sight with the
          question above it, and the main button stays below it. */}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          size="sm"
          value={mode}
          onChange={(v) => setMode(v as DiceMode)}
          data={[
            { value: 'type', label: 'Type the faces' },
            { value: 'count', label: 'Count each face' },
          ]}
        />
        <Button
          size="md"
          variant="light"
          leftSection={<IconDice5 />}
          onClick={onRollForMe}
          loading={busy}
          data-testid="roll-for-me"
        >
          Roll for me
        </Button>
      </Group>
      {tried && missing && (
        <Text size="lg" fw={700} c="red.8" role="alert" data-testid="dice-missing">
          {missing.problem ??
            `${grouped ? `${missing.group.label}: ` : ''}${missing.count === null ? 'the dice above first' : diceCount(missing.typed.length, missing.count)} before these dice can be used.`}
        </Text>
      )}
      {/* The main button stays in reach at the bottom of the screen however long the step is; a box of
          one kind of dice has it beside the box instead, so nothing sits over the box on a laptop. */}
      {!inline && (
        <Group justify="flex-end" wrap="wrap" className="cc-step-action">
          <SubmitDice onClick={submit} complete={complete} busy={busy} />
        </Group>
      )}
    </Stack>
  );
}

/** A chained group with no box yet (the dice it follows are not all in) or none to roll (none called for it). */
function WaitingGroup({ entry, atBoxes, halve }: { entry: Entry; atBoxes: boolean; halve: boolean }) {
  const { group, count } = entry;
  if (atBoxes && count === null) {
    // Its need stands where its box will open: "then a D6 per hit for … — needs 3+".
    return (
      <div data-testid={`dice-group-${group.id}`} data-waiting>
        <GroupNeedLine
          group={group}
          count={null}
          halve={halve}
          size="lg"
          c="gray.8"
          testId={`step-needs-${group.id}`}
          after=" · once the dice above are in"
        />
      </div>
    );
  }
  return (
    <Text size="lg" c="gray.8" data-testid={`dice-group-${group.id}`} data-waiting={count === null}>
      <b>{group.label}</b>:{' '}
      {count === null
        ? `${group.note ?? 'one die for each die above that calls for it'} — once the dice above are in`
        : 'no dice to roll'}
    </Text>
  );
}

function SubmitDice({ onClick, complete, busy }: { onClick: () => void; complete: boolean; busy: boolean }) {
  return (
    <Button
      size="xl"
      onClick={onClick}
      disabled={!complete}
      loading={busy}
      data-testid="submit-dice"
      style={{ flexShrink: 0 }}
    >
      Use these dice
    </Button>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "The 3 faces you rolled", "Damage (D3): 1 die", "… — the D6s you rolled for them". */
function entryLabel(entry: Entry, grouped: boolean, halve: boolean): string {
  const { group } = entry;
  const count = entry.count ?? group.count;
  const halved = halve && group.sides === 3;
  if (!grouped)
    return halved
      ? `The ${plural(count, 'D6')} you rolled for the D3s`
      : `The ${count} ${count === 1 ? 'face' : 'faces'} you rolled`;
  return `${group.label}: ${plural(count, halved ? 'D6' : 'die', halved ? 'D6s' : 'dice')}${halved ? ' to halve' : ''}`;
}

/** "2 of 3 dice · 1 pass · 1 critical", and the D3 results of halved D6s. */
function tally(entry: Entry, halve: boolean): string {
  const { group, faces } = entry;
  const parts = [diceCount(entry.typed.length, entry.count ?? group.count)];
  if (halve && group.sides === 3 && faces.length > 0) parts.push(`D3: ${faces.join(' ')}`);
  if (group.passOn !== undefined) parts.push(`${faces.filter((f) => f >= group.passOn!).length} pass`);
  const criticals = group.criticalOn === undefined ? 0 : faces.filter((f) => f >= group.criticalOn!).length;
  if (criticals > 0) parts.push(`${criticals} critical`);
  return parts.join(' · ');
}

/** The undone step's dice split back into the step's groups; halved D6s come back as typed. */
function restoredEntry(step: RollStep, restore: RestoredDice | undefined): { parts: number[][]; halve: boolean } {
  const groups = groupsOf(step);
  if (!restore) return { parts: groups.map(() => []), halve: false };
  const split = splitDice(step, restore.dice);
  if (split.flat().length !== restore.dice.length) return { parts: groups.map(() => []), halve: false };
  const faces = restore.typed ?? restore.dice;
  let at = 0;
  const parts = split.map((part) => {
    const typed = faces.slice(at, at + part.length);
    at += part.length;
    return typed;
  });
  return { parts, halve: restore.typed !== undefined };
}
