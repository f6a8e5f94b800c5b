import { Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { IconDice5 } from '@tabler/icons-react';
import { hasD3, type RollStep } from '../../../core/api/view';
import { missingWords, tally, type RestoredDice } from './diceEntries';
import { CountedFaces, SubmitDice, TypedBox, WaitingGroup, type BoxLayout, type FaceActions } from './DiceEntryBoxes';
import { offered } from '../keptChoice';
import { diceModeChoice, isDiceMode, type DiceMode } from './diceMode';
import { needsAtBoxes } from './needsWords';
import { countKey, useDiceEntry } from './useDiceEntry';

export type { RestoredDice } from './diceEntries';

interface Props {
  step: RollStep;
  busy: boolean;
  /** The dice entered at this step before an Undo: the box starts with them, to correct one typo. */
  restore?: RestoredDice | undefined;
  /** The dice the rules use; `typed` the D6 faces typed when the players halved D6s for the D3s. */
  onEnter: (dice: number[], typed?: number[]) => void;
  onRollForMe: () => void;
}

/**
 * Entering physical dice: typed faces ("3 5 6 1", Enter to submit) or a count per face with big
 * +/- buttons, or "Roll for me". A step that takes several kinds of dice at once (an attack's Damage
 * D3 and its Feel No Pain D6s) gets one entry per kind, in order. Where a step has D3s, a switch lets
 * the players roll D6s and halve them (D3 = ceil(D6/2)): they type the D6s, the app shows and sends
 * the D3 results and keeps what was typed. The running tally uses only the step's own numbers
 * (passOn, criticalOn) so the players can check their count; the host decides what the dice mean.
 */
export function DiceEntry({ step, busy, restore, onEnter, onRollForMe }: Props) {
  const entry = useDiceEntry(step, { busy, restore, onEnter });
  const { mode, halve, entries, complete } = entry;
  // One group reads as a plain roll: one box, the step's own words (a save roll keeps its group only
  // so the odds know which die fell where).
  const grouped = (step.groups?.length ?? 0) > 1;
  // Many groups, or dice rolled one after another: each box says its own need (the step's line above
  // only says how the roll goes), so the first box opens in sight on a laptop.
  const layout: BoxLayout = { grouped, atBoxes: needsAtBoxes(step), halve, inline: !grouped && mode === 'type' };
  const submitButton = <SubmitDice onClick={entry.submit} complete={complete} busy={busy} />;
  return (
    // Ctrl+Z in a box takes back what was typed or counted there, not the step before (useDiceEntry).
    <Stack gap="md" onKeyDown={entry.onBoxKey}>
      {hasD3(step) && (
        <Switch
          size="lg"
          checked={halve}
          onChange={(e) => entry.setHalve(e.currentTarget.checked)}
          label="We rolled D6s for the D3s"
          description="Type the D6s: each is halved, rounding up (1–2 → 1, 3–4 → 2, 5–6 → 3)"
          data-testid="halve-d3"
          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
        />
      )}

      {entries.map((e, i) =>
        e.count === null || e.count === 0 ? (
          // A chained group waits for the dice it follows; when none pass, it takes none.
          <WaitingGroup key={e.group.id} entry={e} atBoxes={layout.atBoxes} halve={halve} />
        ) : (
          <Stack key={e.group.id} gap="xs" data-testid={grouped ? `dice-group-${e.group.id}` : undefined}>
            {mode === 'type' ? (
              <TypedBox
                entry={e}
                layout={layout}
                last={i === entries.length - 1}
                text={entry.texts[i] ?? ''}
                onText={(value) => entry.setText(i, value)}
                onEnter={() => entry.enter(i)}
                inputRef={(el) => {
                  entry.fields.current[i] = el;
                }}
                submit={submitButton}
              />
            ) : (
              <CountedFaces
                entry={e}
                layout={layout}
                counts={entry.counts[i]!}
                actions={faceActions(entry, i)}
                hint={i === 0}
              />
            )}
            <Text size="lg" data-testid={grouped ? `dice-tally-${e.group.id}` : 'dice-tally'}>
              {tally(e, halve)}
            </Text>
          </Stack>
        ),
      )}

      <EntryModeAndRoll mode={mode} onMode={entry.setMode} busy={busy} onRollForMe={onRollForMe} />
      {entry.missing && (
        <Text size="lg" fw={700} c="red.8" role="alert" data-testid="dice-missing">
          {missingWords(entry.missing, grouped)}
        </Text>
      )}
      {/* The main button stays in reach at the bottom of the screen however long the step is; a box of
          one kind of dice has it beside the box instead, so nothing sits over the box on a laptop. */}
      {!layout.inline && (
        <Group justify="flex-end" wrap="wrap" className="cc-step-action">
          {submitButton}
        </Group>
      )}
    </Stack>
  );
}

/** What one box's faces do when counted: each reaches the entry's state for box `i`. */
function faceActions(entry: ReturnType<typeof useDiceEntry>, i: number): FaceActions {
  return {
    onBump: (face, by) => entry.bump(i, face, by),
    onSet: (face, count) => entry.setCount(i, face, count),
    onEnterCount: (face) => entry.enterCount(i, face),
    countRef: (face) => (el) => {
      entry.countFields.current[countKey(i, face)] = el;
    },
  };
}

/**
 * How to enter the dice, and "Roll for me". It comes after the first box: on a laptop the box opens
 * in sight with the question above it, and the main button stays below it.
 */
function EntryModeAndRoll({
  mode,
  onMode,
  busy,
  onRollForMe,
}: {
  mode: DiceMode;
  onMode: (mode: DiceMode) => void;
  busy: boolean;
  onRollForMe: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <SegmentedControl
        size="sm"
        value={mode}
        onChange={(v) => {
          if (isDiceMode(v)) onMode(v);
        }}
        data={offered(diceModeChoice)}
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
  );
}
