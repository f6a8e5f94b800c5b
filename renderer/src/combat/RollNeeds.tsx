import { Stack, Text } from '@mantine/core';
import type { RollStep } from '../../../core/combat/steps';

const critical = (on: number | undefined) => (on === undefined ? null : <> · critical on {on === 6 ? 'a 6' : `${on}+`}</>);

/**
 * "Roll 10 D6 — needs 3+ · critical on a 6": what a roll step asks, as the wizard and the replay
 * show it. A step taking several kinds of dice at once lists each: "Roll 1 D3 (Damage (D3)) and
 * 3 D6 (Feel No Pain 5+ — needs 5+)".
 */
export function RollNeeds({ step, testId }: { step: RollStep; testId?: string }) {
  // An attack rolled through (to hit, then to wound for each hit…): one line a kind of dice, in order.
  if (step.groups && step.groups.some((g) => g.per)) {
    return (
      <Stack gap={2} data-testid={testId}>
        {step.groups.map((g) => (
          <Text key={g.id} size="lg">
            {g.per ? 'then ' : 'Roll '}
            <b>{g.per ? (g.note ?? 'a die for each') : `${g.count} D${g.sides}`}</b> for {g.label}
            {g.passOn !== undefined && (
              <>
                {' '}
                — needs <b>{g.needs}</b>
                {critical(g.criticalOn)}
              </>
            )}
          </Text>
        ))}
      </Stack>
    );
  }
  if (step.groups && step.groups.length > 0) {
    return (
      <Text size="xl" data-testid={testId}>
        Roll{' '}
        {step.groups.map((g, i) => (
          <span key={g.id}>
            {i > 0 && (i === step.groups!.length - 1 ? ' and ' : ', ')}
            <b>{g.count}</b> D{g.sides} for {g.label}
            {g.passOn !== undefined && (
              <>
                {' '}
                (needs <b>{g.needs}</b>
                {critical(g.criticalOn)})
              </>
            )}
          </span>
        ))}
      </Text>
    );
  }
  return (
    <Text size="xl" data-testid={testId}>
      Roll <b>{step.count}</b> D{step.sides}
      {step.needs ? (
        <>
          {' '}
          — needs <b>{step.needs}</b>
        </>
      ) : null}
      {critical(step.criticalOn)}
    </Text>
  );
}
