import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Odds } from '../../../core/api/channels/combat';
import { DistributionChart } from './DistributionChart';

const ordinal = (n: number) => {
  const r = Math.round(n);
  const suffix = r % 100 >= 11 && r % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[r % 10] ?? 'th';
  return `${r}${suffix}`;
};

/** The exact odds beside the steps, updated after every step with the dice actually rolled. */
export function OddsPanel({ odds, finished }: { odds: Odds; finished: boolean }) {
  const luck = odds.percentile >= 60 ? 'above expectations' : odds.percentile <= 40 ? 'below expectations' : 'about as expected';
  return (
    <Card withBorder padding="md" data-testid="odds-panel">
      <Stack gap="xs">
        <Title order={3}>Odds: {odds.measure}</Title>
        <DistributionChart before={odds.before} now={odds.now} label={odds.measure} />
        <Group gap="lg">
          <Text size="md">
            <b>Expected before:</b> {odds.meanBefore.toFixed(2)}
          </Text>
          <Text size="md">
            <b>{finished ? 'Result' : 'Expected now'}:</b> {odds.meanNow.toFixed(2)}
          </Text>
        </Group>
        <Text size="lg" data-testid="odds-percentile">
          The dice so far put you at the <b>{ordinal(odds.percentile)} percentile</b> ({luck}).
        </Text>
        <Text size="sm" c="gray.7">
          Outlined: before any die was rolled. Filled: given the dice rolled so far.
        </Text>
      </Stack>
    </Card>
  );
}
