import { Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { CombatOdds, Odds } from '../../../core/api/channels/combat';
import { columnError, estimateNote, fixed2, luckSentence, percent, wholeCombatRows } from '../../../core/api/view';
import { DistributionChart } from './DistributionChart';

/**
 * How a panel whose figures are being worked out again looks: a dashed border and a line saying so,
 * the figures still at full contrast (a greyed panel read 2.97:1, too faint at the table, and the
 * whole combat's stays up to a second while its full answer comes).
 */
const updatingStyle = (updating: boolean) => (updating ? { borderStyle: 'dashed', borderWidth: 2 } : undefined);

function UpdatingLine({ testId, children }: { testId: string; children: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center" data-testid={testId}>
      <Loader size="xs" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" c="gray.7">
        {children}
      </Text>
    </Group>
  );
}

/** The exact odds beside the steps, updated after every step with the dice actually rolled. */
export function OddsPanel({
  odds,
  finished,
  names,
  updating = false,
  period,
}: {
  odds: Odds;
  finished: boolean;
  names: { attacker: string; defender: string };
  updating?: boolean;
  period?: string;
}) {
  return (
    <Card withBorder padding="md" data-testid="odds-panel" aria-busy={updating} style={updatingStyle(updating)}>
      <Stack gap="xs">
        {period && (
          <Text size="sm" fw={700} tt="uppercase" c="gray.7">
            {period}
          </Text>
        )}
        <Title order={3}>Odds: {odds.measure}</Title>
        {updating && <UpdatingLine testId="odds-updating">Updating for the last step…</UpdatingLine>}
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

type WholeOdds = NonNullable<NonNullable<CombatOdds['whole']>['start']>;

/** A whole-combat column's head, with its one standard error under it when it is estimated. */
function ColumnHead({ odds, children }: { odds: WholeOdds; children: string }) {
  const error = columnError(odds);
  return (
    <Table.Th ta="right">
      {children}
      {error && (
        <Text size="sm" fw="normal" data-testid="whole-combat-column-error">
          {error}
        </Text>
      )}
    </Table.Th>
  );
}

/**
 * The whole combat's odds beside this round's: who wins the fight, each main unit's fate and the
 * round it is likely to end in, at the start and now. An estimate (too many positions to count
 * exactly in about a second) is marked "≈ 62% ± 1%" and says how it was made.
 */
export function WholeCombatPanel({
  whole,
  finished,
  updating = false,
}: {
  whole: NonNullable<CombatOdds['whole']> | undefined;
  finished: boolean;
  updating?: boolean;
}) {
  if (whole === undefined) {
    return (
      <Card withBorder padding="md" data-testid="whole-combat-loading">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text size="lg">Working out the odds of the whole combat…</Text>
        </Group>
      </Card>
    );
  }
  const { start, now } = whole;
  if (!start || !now) {
    return (
      <Card withBorder padding="md" data-testid="whole-combat-unavailable">
        <Title order={3}>The whole combat</Title>
        <Text size="lg">{whole.unavailable ?? 'No odds for the whole combat.'}</Text>
      </Card>
    );
  }
  const estimated = !start.exact || !now.exact;
  // The note tells how the figures now were made, else (now exact) those before any die.
  const described = now.exact ? start : now;
  return (
    <Card withBorder padding="md" data-testid="whole-combat-odds" aria-busy={updating} style={updatingStyle(updating)}>
      <Stack gap="xs">
        <Title order={3}>The whole combat{estimated ? ' (estimated)' : ''}</Title>
        {updating && (
          <UpdatingLine testId="whole-combat-updating">Updating: the full figures are being worked out…</UpdatingLine>
        )}
        <Table fz="md" verticalSpacing={4} data-testid="whole-combat-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <ColumnHead odds={start}>Before any die</ColumnHead>
              <ColumnHead odds={now}>{finished ? 'Result' : 'Now'}</ColumnHead>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {wholeCombatRows(start, now, false).map((r) => (
              <Table.Tr key={r.label}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{r.start}</Table.Td>
                <Table.Td ta="right">
                  <b>{r.end}</b>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <DistributionChart
          before={start.rounds}
          now={now.rounds}
          label="round the combat ends in"
          offset={1}
          height={160}
        />
        {estimated && (
          <Text size="sm" c="gray.7" data-testid="whole-combat-estimate">
            ≈: {estimateNote(described)}
          </Text>
        )}
        <Text size="sm" c="gray.7">
          Followed round after round up to round {start.maxRounds}; every choice taken as the app suggests.
        </Text>
      </Stack>
    </Card>
  );
}
