import { ActionIcon, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDice5, IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { RollStep } from '../../../core/combat/steps';
import { facesFromCounts, parseFaces } from './diceText';

interface Props {
  step: RollStep;
  busy: boolean;
  onEnter: (faces: number[]) => void;
  onRollForMe: () => void;
}

/**
 * Entering physical dice: typed faces ("3 5 6 1", Enter to submit) or a count per face with big
 * +/- buttons, or "Roll for me". The running tally uses only the step's own numbers (passOn,
 * criticalOn) so the players can check their count; the host decides what the dice mean.
 */
export function DiceEntry({ step, busy, onEnter, onRollForMe }: Props) {
  const [mode, setMode] = useState<'type' | 'count'>('type');
  const [text, setText] = useState('');
  const [counts, setCounts] = useState(() => new Array<number>(step.sides + 1).fill(0));

  const parsed = mode === 'type' ? parseFaces(text, step.sides) : { faces: facesFromCounts(counts) };
  const faces = 'faces' in parsed ? parsed.faces : [];
  const problem = 'problem' in parsed ? parsed.problem : faces.length > step.count ? `That is ${faces.length} dice; ${step.count} are needed.` : null;
  const complete = !problem && faces.length === step.count;
  const passes = step.passOn === undefined ? null : faces.filter((f) => f >= step.passOn!).length;
  const criticals = step.criticalOn === undefined ? null : faces.filter((f) => f >= step.criticalOn!).length;

  // The dice box keeps the focus: after the host refused what was sent (the step stays, so this
  // entry stays mounted) the typing goes on where it was, not on a button that was disabled meanwhile.
  const box = useRef<HTMLInputElement>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) box.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const submit = () => complete && !busy && onEnter(faces);
  const bump = (face: number, by: number) => setCounts((c) => c.map((n, i) => (i === face ? Math.max(0, n + by) : n)));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          size="md"
          value={mode}
          onChange={(v) => setMode(v as 'type' | 'count')}
          data={[
            { value: 'type', label: 'Type the faces' },
            { value: 'count', label: 'Count each face' },
          ]}
        />
        <Button size="lg" variant="light" leftSection={<IconDice5 />} onClick={onRollForMe} loading={busy} data-testid="roll-for-me">
          Roll for me
        </Button>
      </Group>

      {mode === 'type' ? (
        <TextInput
          ref={box}
          size="xl"
          autoFocus
          label={`The ${step.count} ${step.count === 1 ? 'face' : 'faces'} you rolled`}
          description="e.g. 3 5 6 1 — or 3561. Enter to submit."
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          error={problem}
          inputMode="numeric"
          data-testid="dice-faces"
          styles={{ input: { fontSize: '1.75rem', letterSpacing: '0.15em', fontFamily: 'monospace' } }}
        />
      ) : (
        <SimpleGrid cols={{ base: 3, sm: step.sides === 3 ? 3 : 6 }} spacing="sm">
          {Array.from({ length: step.sides }, (_, i) => i + 1).map((face) => (
            <Stack key={face} gap={4} align="center" p="xs" bd="1px solid var(--mantine-color-gray-4)" style={{ borderRadius: 8 }}>
              <Text fw={700} size="xl" ff="monospace">
                {face}
                {step.passOn !== undefined && face >= step.passOn ? ' ✓' : ''}
              </Text>
              <Text size="xl" data-testid={`count-${face}`}>
                ×{counts[face]}
              </Text>
              <Group gap={6}>
                <ActionIcon size={48} variant="default" aria-label={`One fewer ${face}`} onClick={() => bump(face, -1)}>
                  <IconMinus />
                </ActionIcon>
                <ActionIcon size={48} aria-label={`One more ${face}`} onClick={() => bump(face, 1)}>
                  <IconPlus />
                </ActionIcon>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {mode === 'count' && problem && <Text c="red">{problem}</Text>}

      <Group justify="space-between" wrap="wrap">
        <Text size="lg" data-testid="dice-tally">
          {faces.length} of {step.count} dice
          {passes !== null && ` · ${passes} pass`}
          {criticals !== null && criticals > 0 && ` · ${criticals} critical`}
        </Text>
        <Button size="xl" onClick={submit} disabled={!complete} loading={busy} data-testid="submit-dice">
          Use these dice
        </Button>
      </Group>
    </Stack>
  );
}
