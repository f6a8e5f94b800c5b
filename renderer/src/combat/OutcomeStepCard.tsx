import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import type { CombatSnapshot } from '../../../core/api/channels/combat';
import type { Input } from '../../../core/api/view';
import { StepCard } from './StepCard';

type OutcomeStep = Extract<CombatSnapshot['step'], { kind: 'outcome' }>;

const indented = (line: string | undefined) => /^\s{2,}/.test(line ?? '');

/** An outcome step: both players read the result and its arithmetic, then continue (unless it is the end). */
export function OutcomeStepCard({
  step,
  busy,
  onAnswer,
  cardRef,
}: {
  step: OutcomeStep;
  busy: boolean;
  onAnswer: (input: Input) => void;
  cardRef: Ref<HTMLDivElement>;
}) {
  return (
    <StepCard
      step={step}
      cardRef={cardRef}
      gap="sm"
      who={
        <Group gap="sm" data-testid="who-acts" data-role="both">
          <Badge size="xl" radius="sm" color="dark" variant="outline">
            Both players
          </Badge>
          <Text size="xl" fw={700}>
            {step.final ? 'read the outcome' : 'check this, then continue'}
          </Text>
        </Group>
      }
    >
      <OutcomeLines lines={step.lines} />
      {!step.final && (
        <div className="cc-step-action">
          <Button
            size="xl"
            fullWidth
            onClick={() => onAnswer({ kind: 'continue', stepId: step.id })}
            loading={busy}
            data-testid="continue"
          >
            Continue
          </Button>
        </div>
      )}
    </StepCard>
  );
}

/** The outcome's lines: an indented line explains the one above it; where reasons are set in, the last line is the verdict. */
function OutcomeLines({ lines }: { lines: readonly string[] }) {
  // Lines with reasons set in under them end in a verdict (e.g. "Empire win by 1"): it stands out.
  const verdict = lines.some((l) => indented(l)) && !indented(lines.at(-1)) ? lines.length - 1 : -1;
  return (
    <Stack gap={4} data-testid="outcome-lines">
      {lines.map((line, i) =>
        // An indented line explains the line above it (a bonus and its reason): shown smaller, set in.
        indented(line) ? (
          <Text key={i} size="lg" c="gray.8" pl="xl" style={{ whiteSpace: 'pre-line' }}>
            {line.trim()}
          </Text>
        ) : i === verdict ? (
          <Text
            key={i}
            size="xl"
            fw={800}
            mt="xs"
            p="sm"
            bd="3px solid var(--mantine-color-dark-6)"
            style={{ borderRadius: 6, whiteSpace: 'pre-line' }}
            data-testid="outcome-verdict"
          >
            {line}
          </Text>
        ) : (
          <Text key={i} size="xl" fw={indented(lines[i + 1]) ? 700 : undefined} style={{ whiteSpace: 'pre-line' }}>
            {line}
          </Text>
        ),
      )}
    </Stack>
  );
}
