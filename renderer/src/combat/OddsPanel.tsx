import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Odds } from '../../../core/api/channels/combat';
import { fixed2, luckSentence, percent } from '../../../core/summary/format';
import { DistributionChart } from './DistributionChart';

/** The exact odds beside the steps, updated after every step with the dice actually rolled. */
export function OddsPanel({ odds, finished, names, updating = false }: { odds: Odds; finished: boolean; names: { attacker: string; defender: string }; updating?: boolean }) {
  return (
    <Card withBorder padding="md" data-testid="odds-panel" aria-busy={updating} style={updating ? { opacity: 0.6 } : undefined}>
      <Stack gap="xs">
        <Title order={3}>Odds: {odds.measure}</Title>
        {updating && (
          <Text size="sm" c="gray.7" data-testid="odds-updating">
            Updating for the last step…
          </Text>
        )}
        <DistributionChart before={odds.before} now={odds.now} label={odds.measure} offset={odds.offset} />
        <Group gap="lg">
          <Text size="md">
            <b>Expected before:</b> {fixed2(odds.meanBefore)}
          </Text>
          <Text size="md">
            <b>{finished ? 'Result' : 'Expected now'}:</b> {finished ? Math.round(odds.meanNow) : fixed2(odds.meanNow)}
          </Text>
        </Group>
        {odds.facts.length > 0 && (
          <Table data-testid="odds-facts" fz="md" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th ta="right">Before</Table.Th>
                <Table.Th ta="right">{finished ? 'Result' : 'Now'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {odds.facts.map((f) => (
                <Table.Tr key={f.label}>
                  <Table.Td>{f.label}</Table.Td>
                  <Table.Td ta="right">{percent(f.before)}</Table.Td>
                  <Table.Td ta="right">
                    <b>{percent(f.now)}</b>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="lg" data-testid="odds-percentile">
          {luckSentence(odds.percentile, names, finished)}
        </Text>
        <Text size="sm" c="gray.7">
          Outlined: before any die was rolled. Filled: given the dice rolled so far.
        </Text>
      </Stack>
    </Card>
  );
}
