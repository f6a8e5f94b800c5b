import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { DiceGrid } from './DiceGrid';
import { readCount } from './diceCounts';
import { capitalise, entryLabel, type Entry } from './diceEntries';
import { GroupNeedLine } from './RollNeeds';

/** How the boxes of one roll step read: several groups each labelled, their needs at the boxes, D3s halved from D6s. */
export interface BoxLayout {
  grouped: boolean;
  atBoxes: boolean;
  halve: boolean;
  /** One kind of dice typed: the label stands above the box and the button sits beside it. */
  inline: boolean;
}

/** A box's own need, as its label where the needs go to the boxes. */
export function NeedLine({ entry, halve }: { entry: Entry; halve: boolean }) {
  return (
    <GroupNeedLine
      inLabel
      group={entry.group}
      count={entry.count}
      halve={halve}
      size="lg"
      testId={`step-needs-${entry.group.id}`}
    />
  );
}

/** One group's faces typed in a box ("3 5 6 1", Enter for the next box or to submit), read back in a grid. */
export function TypedBox({
  entry,
  layout,
  last,
  text,
  onText,
  onEnter,
  inputRef,
  submit,
}: {
  entry: Entry;
  layout: BoxLayout;
  last: boolean;
  text: string;
  onText: (value: string) => void;
  onEnter: () => void;
  inputRef: Ref<HTMLInputElement>;
  /** The button beside the box, where it is inline. */
  submit: ReactNode;
}) {
  const { grouped, atBoxes, halve, inline } = layout;
  return (
    <>
      {inline && (
        <Text fw={700} size="xl" id="dice-entry-label">
          {entryLabel(entry, grouped, halve)}
        </Text>
      )}
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <TextInput
          size="xl"
          ref={inputRef}
          // Beside the button, the label stands above both, at full width.
          label={
            inline ? undefined : atBoxes ? <NeedLine entry={entry} halve={halve} /> : entryLabel(entry, grouped, halve)
          }
          aria-labelledby={inline ? 'dice-entry-label' : undefined}
          description={[
            entry.group.note && grouped ? capitalise(entry.group.note) : null,
            last ? 'e.g. 3 5 6 1 — or 3561. Enter to submit.' : 'e.g. 3 5 6 1 — Enter for the next dice.',
          ]
            .filter(Boolean)
            .join('. ')}
          value={text}
          onChange={(e) => onText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && onEnter()}
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
        {inline && submit}
      </Group>
      <DiceGrid
        faces={entry.typed}
        passOn={halve && entry.group.sides === 3 ? undefined : entry.group.passOn}
        testId={grouped ? `dice-grid-${entry.group.id}` : 'dice-grid'}
      />
    </>
  );
}

/** What a face's controls do: one more or fewer, a count set outright, Enter on its count, and its count field. */
export interface FaceActions {
  onBump: (face: number, by: number) => void;
  onSet: (face: number, count: number) => void;
  onEnterCount: (face: number) => void;
  countRef: (face: number) => (el: HTMLInputElement | null) => void;
}

/**
 * One group's dice counted face by face: each face a big button (one more), its count to type
 * outright ("seven 3s": tap the count, type 7), and a row to take one off or add five. Forty dice
 * are six counts typed; a finger on a tablet can still count a roll die by die.
 */
export function CountedFaces({
  entry,
  layout,
  counts,
  actions,
  hint,
}: {
  entry: Entry;
  layout: BoxLayout;
  counts: readonly number[];
  actions: FaceActions;
  /** How counting goes, said once: under the first box. */
  hint: boolean;
}) {
  const { grouped, atBoxes, halve } = layout;
  return (
    <>
      {atBoxes ? (
        <NeedLine entry={entry} halve={halve} />
      ) : (
        grouped && (
          <Text fw={700} size="lg">
            {entryLabel(entry, grouped, halve)}
          </Text>
        )
      )}
      <SimpleGrid cols={{ base: 3, sm: entry.sides === 3 ? 3 : 6 }} spacing="xs" verticalSpacing="sm">
        {Array.from({ length: entry.sides }, (_, f) => f + 1).map((face) => (
          <FaceCounter
            key={face}
            entry={entry}
            face={face}
            count={counts[face] ?? 0}
            grouped={grouped}
            halve={halve}
            actions={actions}
          />
        ))}
      </SimpleGrid>
      {hint && (
        <Text size="sm" c="gray.8">
          Tap a face for one more, or type how many; Enter goes on.
        </Text>
      )}
      {entry.problem && <Text c="red.8">{entry.problem}</Text>}
    </>
  );
}

/** One face: a big button for one more, its count to read or type, one fewer and five more. */
function FaceCounter({
  entry,
  face,
  count,
  grouped,
  halve,
  actions,
}: {
  entry: Entry;
  face: number;
  count: number;
  grouped: boolean;
  halve: boolean;
  actions: FaceActions;
}) {
  const passes = !(halve && entry.group.sides === 3) && entry.group.passOn !== undefined && face >= entry.group.passOn;
  const of = grouped ? ` (${entry.group.label})` : '';
  const id = grouped ? `${entry.group.id}-${face}` : `${face}`;
  return (
    <Stack gap={4} align="stretch" data-testid={`face-${id}`}>
      <Button
        h={60}
        px={4}
        variant={passes ? 'filled' : 'default'}
        color="dark"
        aria-label={`One more ${face}${of}`}
        onClick={() => actions.onBump(face, 1)}
      >
        <Text span fw={800} fz={30} ff="monospace" lh={1}>
          {face}
        </Text>
        {passes && (
          <Text span fz={18} ml={4} aria-hidden>
            ✓
          </Text>
        )}
      </Button>
      <FaceCount face={face} count={count} label={`Number of ${face}s${of}`} testId={`count-${id}`} actions={actions} />
      <Group gap={4} grow wrap="nowrap">
        <ActionIcon
          h={40}
          variant="default"
          aria-label={`One fewer ${face}${of}`}
          onClick={() => actions.onBump(face, -1)}
          disabled={count === 0}
        >
          <IconMinus size={20} />
        </ActionIcon>
        <Button
          h={40}
          px={0}
          variant="default"
          aria-label={`Five more ${face}${of}`}
          onClick={() => actions.onBump(face, 5)}
        >
          +5
        </Button>
      </Group>
    </Stack>
  );
}

/** A face's count, typed outright: empty reads as none; arrows add or take one; Enter goes on. */
function FaceCount({
  face,
  count,
  label,
  testId,
  actions,
}: {
  face: number;
  count: number;
  label: string;
  testId: string;
  actions: FaceActions;
}) {
  return (
    <TextInput
      ref={actions.countRef(face)}
      size="lg"
      aria-label={label}
      value={count === 0 ? '' : String(count)}
      placeholder="0"
      inputMode="numeric"
      enterKeyHint="next"
      autoComplete="off"
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => {
        const typed = readCount(e.currentTarget.value);
        if (typed !== null) actions.onSet(face, typed);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') actions.onEnterCount(face);
        else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') actions.onBump(face, e.key === 'ArrowUp' ? 1 : -1);
        else return;
        e.preventDefault();
      }}
      data-testid={testId}
      styles={{
        input: { textAlign: 'center', fontSize: 26, fontWeight: 700, paddingInline: 2, fontFamily: 'monospace' },
      }}
    />
  );
}

/** A chained group with no box yet (the dice it follows are not all in) or none to roll (none called for it). */
export function WaitingGroup({ entry, atBoxes, halve }: { entry: Entry; atBoxes: boolean; halve: boolean }) {
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

export function SubmitDice({ onClick, complete, busy }: { onClick: () => void; complete: boolean; busy: boolean }) {
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
