import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import type { CombatSnapshot } from '../../../core/api/channels/combat';

/**
 * The card a step stands in, whatever its kind: who acts, the step's title, then what the step
 * asks. It names the step (`data-step-kind`, `data-step-id`) for the tests and for the focus the
 * panel moves into it; its overflow shows, so the step's main button (`cc-step-action`) sticks to
 * the bottom of the screen (a card that clipped would hold it in place).
 */
export function StepCard({
  step,
  cardRef,
  gap,
  who,
  children,
}: {
  step: Pick<CombatSnapshot['step'], 'id' | 'kind' | 'title'>;
  cardRef?: Ref<HTMLDivElement> | undefined;
  gap: 'xs' | 'sm';
  who: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      ref={cardRef}
      withBorder
      padding="md"
      style={{ overflow: 'visible' }}
      data-testid="step"
      data-step-kind={step.kind}
      data-step-id={step.id}
    >
      <Stack gap={gap}>
        {who}
        <Title order={2} size="h3">
          {step.title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
