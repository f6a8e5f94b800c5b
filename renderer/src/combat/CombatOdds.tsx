import { Card, Loader, Group, Text, Title } from '@mantine/core';
import { OddsPanel } from './OddsPanel';
import { useCombatOdds } from './useCombatOdds';

/**
 * The odds beside a combat, asked for after its step has been shown: the host answers the step
 * first and works the odds out on their own request, so a large analysis never holds up a step.
 * While the next odds are worked out, the last ones stay in view, marked as updating.
 */
export function CombatOdds({ id, at, finished, names }: { id: string; at: number; finished: boolean; names: { attacker: string; defender: string } }) {
  const { query: odds, updating } = useCombatOdds(id, at);
  if (odds.isError) {
    return (
      <Card withBorder padding="md" data-testid="odds-unavailable">
        <Text size="lg">The odds could not be worked out: {odds.error.message}</Text>
      </Card>
    );
  }
  if (!odds.data) {
    return (
      <Card withBorder padding="md" data-testid="odds-loading">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text size="lg">Working out the odds…</Text>
        </Group>
      </Card>
    );
  }
  if (!odds.data.odds) {
    return (
      <Card withBorder padding="md" data-testid="odds-unavailable">
        <Title order={3}>Odds</Title>
        <Text size="lg">{odds.data.unavailable ?? 'No exact odds for this combat.'}</Text>
        <Text size="sm" c="gray.7">
          The steps work as always; only the exact odds are left out.
        </Text>
      </Card>
    );
  }
  return <OddsPanel odds={odds.data.odds} finished={finished} names={names} updating={updating} />;
}
