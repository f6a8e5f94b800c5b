import { Text } from '@mantine/core';
import type { RollStep } from '../../../core/combat/steps';

/** "Roll 10 D6 — needs 3+ · critical on a 6": what a roll step asks, as the wizard and the replay show it. */
export function RollNeeds({ step, testId }: { step: RollStep; testId?: string }) {
  return (
    <Text size="xl" data-testid={testId}>
      Roll <b>{step.count}</b> D{step.sides}
      {step.needs ? (
        <>
          {' '}
          — needs <b>{step.needs}</b>
        </>
      ) : null}
      {step.criticalOn !== undefined && <> · critical on {step.criticalOn === 6 ? 'a 6' : `${step.criticalOn}+`}</>}
    </Text>
  );
}
