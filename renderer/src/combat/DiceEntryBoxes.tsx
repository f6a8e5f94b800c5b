import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { DiceGrid } from './DiceGrid';
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

/** One group's dice counted face by face: big faces to tap, one tap a die — a finger on a tablet counts a roll face by face. */
export function CountedFaces({
  entry,
  layout,
  counts,
  onBump,
}: {
  entry: Entry;
  layout: BoxLayout;
  counts: readonly number[];
  onBump: (face: number, by: number) => void;
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
      <SimpleGrid cols={{ base: 3, sm: entry.sides === 3 ? 3 : 6 }} spacing="sm">
        {Array.from({ length: entry.sides }, (_, f) => f + 1).map((face) => (
          <FaceCounter
            key={face}
            entry={entry}
            face={face}
            count={counts[face]!}
            grouped={grouped}
            halve={halve}
            onBump={onBump}
          />
        ))}
      </SimpleGrid>
      {entry.problem && <Text c="red.8">{entry.problem}</Text>}
    </>
  );
}

/** One face to tap: one more of it, one fewer, how many so far, and a tick where it passes. */
function FaceCounter({
  entry,
  face,
  count,
  grouped,
  halve,
  onBump,
}: {
  entry: Entry;
  face: number;
  count: number;
  grouped: boolean;
  halve: boolean;
  onBump: (face: number, by: number) => void;
}) {
  const passes = !(halve && entry.group.sides === 3) && entry.group.passOn !== undefined && face >= entry.group.passOn;
  const of = grouped ? ` (${entry.group.label})` : '';
  return (
    <Stack gap={4} align="stretch">
      <Button
        h={88}
        size="xl"
        variant={passes ? 'filled' : 'default'}
        color="dark"
        aria-label={`One more ${face}${of}`}
        onClick={() => onBump(face, 1)}
        styles={{ label: { flexDirection: 'column', lineHeight: 1.1 } }}
      >
        <Text span fw={800} fz={30} ff="monospace" lh={1.1}>
          {face}
        </Text>
        <Text span size="lg">
          <span data-testid={grouped ? `count-${entry.group.id}-${face}` : `count-${face}`}>×{count}</span>
          {passes ? ' ✓' : ''}
        </Text>
      </Button>
      <ActionIcon
        size={44}
        w="100%"
        variant="default"
        aria-label={`One fewer ${face}${of}`}
        onClick={() => onBump(face, -1)}
        disabled={count === 0}
      >
        <IconMinus />
      </ActionIcon>
    </Stack>
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
