import { Card, Loader, Group, Stack, Text, Title } from '@mantine/core';
import { OddsPanel, WholeCombatPanel } from './OddsPanel';
import { useCombatOdds } from './useCombatOdds';

/**
 * The odds beside a combat, asked for after its step has been shown: the host answers the step
 * first and works the odds out on their own request, so a large analysis never holds up a step.
 * While the next odds are worked out, the last ones stay in view, marked as updating. For the
 * games fought round after round, "this round" and "the whole combat" (its own, slower request).
 */
export function CombatOdds({
  id,
  at,
  finished,
  names,
}: {
  id: string;
  at: number;
  finished: boolean;
  names: { attacker: string; defender: string };
}) {
  const { query: odds, updating, whole } = useCombatOdds(id, at);
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
  // A system whose combat is one round has no whole-combat odds (its round's are the whole combat's);
  // the others show theirs once the first answer comes, and keep it in view, marked, while it updates.
  if (whole.data === undefined)
    return <OddsPanel odds={odds.data.odds} finished={finished} names={names} updating={updating} />;
  return (
    <Stack gap="md">
      <OddsPanel odds={odds.data.odds} finished={finished} names={names} updating={updating} period="This round" />
      <WholeCombatPanel whole={whole.data} finished={finished} updating={whole.updating} />
    </Stack>
  );
}
