import { Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  chargeWorth,
  fightAccount,
  type FightAccount,
  type MatchupCell,
  type MatchupOdds,
  type MatchupTable,
} from '../../../core/api';
import { useClient } from '../api/ClientContext';
import { unwrap } from '../api/hostQuery';
import type { MatchupRequest } from './useMatchupTable';

/** A chance as written everywhere: "62.0%", an estimate "≈ 62%". */
const chance = (odds: MatchupOdds, value: number) =>
  odds.exact ? `${(100 * value).toFixed(1)}%` : `≈ ${Math.round(100 * value)}%`;

/** One attack's figures (40k 10th edition): wiping their unit out, and the models destroyed on average. */
function attackRows(odds: MatchupOdds): Array<[string, string]> {
  return [
    ['Their unit wiped out', chance(odds, odds.win)],
    ['Their unit still standing', chance(odds, odds.unfinished)],
    [
      'Models destroyed on average',
      `${(odds.meanModelsDestroyed ?? 0).toFixed(1)}${odds.targetModels ? ` of ${odds.targetModels}` : ''}`,
    ],
  ];
}

/** Label and figure, one row each. */
function Rows({ rows, testId }: { rows: Array<[string, string]>; testId?: string }) {
  return (
    <Table fz="md" verticalSpacing={6} withRowBorders data-testid={testId}>
      <Table.Tbody>
        {rows.map(([what, value]) => (
          <Table.Tr key={what}>
            <Table.Td>{what}</Table.Td>
            <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** "Start this combat": a pairing's setup from the host, and the setup screen opened filled with it. */
function useStartMatchup(request: MatchupRequest) {
  const client = useClient();
  const navigate = useNavigate();
  return useMutation({
    /** `theirsCharge`: the same pair with their unit charging mine (their roster's unit as the attacker). */
    mutationFn: async ({ cell, theirsCharge }: { cell: MatchupCell; theirsCharge: boolean }) =>
      unwrap(
        await client.rosterMatchupSetup(
          theirsCharge
            ? { mine: request.theirs, theirs: request.mine, mineUnit: cell.theirs, theirsUnit: cell.mine }
            : { ...request, mineUnit: cell.mine, theirsUnit: cell.theirs },
        ),
      ),
    onSuccess: ({ system, setup, rosterIds }) =>
      navigate(`/combat/new/${system}`, { state: { matchup: { setup, rosterIds } } }),
  });
}

/**
 * One way of a fight told: who charges, my chance to win (the figure to decide by), how it most
 * likely goes, each round's chance to end it and who breaks — and a button to start that combat.
 */
function FightSide({
  account,
  testId,
  onStart,
  starting,
}: {
  account: FightAccount;
  testId: string;
  onStart: () => void;
  starting: boolean;
}) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Title order={3}>{account.title}</Title>
      <Text size="xl" fw={700} data-testid={`${testId}-figure`}>
        {account.figure}
      </Text>
      <Text>{account.story}</Text>
      {account.rounds && <Text fw={600}>{account.rounds}</Text>}
      <Rows rows={account.rows} />
      {account.note && <Text c="gray.8">{account.note}</Text>}
      <Button
        size="lg"
        variant={testId === 'matchup-charging' ? 'filled' : 'default'}
        leftSection={<IconPlayerPlay />}
        loading={starting}
        onClick={onStart}
        data-testid={testId === 'matchup-charging' ? 'start-matchup' : 'start-matchup-defending'}
      >
        {testId === 'matchup-charging' ? 'Start this combat' : 'Start their charge'}
      </Button>
    </Stack>
  );
}

/** A fight of rounds both ways side by side: my unit charging theirs, and theirs charging mine (or why not). */
function BothWays({
  cell,
  charging,
  defending,
  names,
  onStart,
  starting,
}: {
  cell: MatchupCell;
  charging: FightAccount;
  defending: FightAccount | null;
  names: { mineUnit: string; theirUnit: string };
  onStart: (theirsCharge: boolean) => void;
  starting: (theirsCharge: boolean) => boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <FightSide
        account={charging}
        testId="matchup-charging"
        onStart={() => onStart(false)}
        starting={starting(false)}
      />
      {defending ? (
        <FightSide
          account={defending}
          testId="matchup-defending"
          onStart={() => onStart(true)}
          starting={starting(true)}
        />
      ) : (
        <Alert color="yellow" title={`${names.theirUnit} charge ${names.mineUnit}`} data-testid="matchup-defending">
          {cell.defendingWhy ?? 'Not worked out.'}
        </Alert>
      )}
    </SimpleGrid>
  );
}

/**
 * One cell opened. In a fight of rounds, both ways side by side: my unit charging theirs (the
 * cell) and theirs charging mine, each told in words with its own "Start" button. In a game of one
 * attack, the attack's figures and "Start this combat". Each Start opens the setup screen filled
 * with the two units (roster.matchupSetup).
 */
export function CellDetail({
  cell,
  table,
  request,
  onClose,
}: {
  cell: MatchupCell | null;
  table: MatchupTable;
  request: MatchupRequest;
  onClose: () => void;
}) {
  const start = useStartMatchup(request);
  const mine = table.mine.units.find((u) => u.id === cell?.mine)?.name ?? '';
  const theirs = table.theirs.units.find((u) => u.id === cell?.theirs)?.name ?? '';
  const names = { mineSide: table.mine.name, theirSide: table.theirs.name, mineUnit: mine, theirUnit: theirs };
  const charging = cell?.odds ? fightAccount(cell.odds, names, 'mine') : null;
  const defending = cell?.defending ? fightAccount(cell.defending, names, 'theirs') : null;
  const worth = chargeWorth(cell?.odds, cell?.defending, table.mine.name);
  const starting = (theirsCharge: boolean) => start.isPending && start.variables?.theirsCharge === theirsCharge;
  return (
    <Modal opened={cell !== null} onClose={onClose} title={`${mine} against ${theirs}`} size={charging ? 1040 : 'lg'}>
      {cell && (
        <Stack gap="md" data-testid="matchup-detail">
          {worth && (
            <Text size="lg" fw={600} data-testid="matchup-charge-worth">
              {worth}
            </Text>
          )}
          {charging ? (
            <BothWays
              cell={cell}
              charging={charging}
              defending={defending}
              names={names}
              onStart={(theirsCharge) => start.mutate({ cell, theirsCharge })}
              starting={starting}
            />
          ) : cell.odds ? (
            <>
              <Text size="lg" fw={600} data-testid="matchup-headline">
                {cell.odds.headline}
              </Text>
              <Rows rows={attackRows(cell.odds)} />
            </>
          ) : (
            <Alert color="yellow" title="No odds for this pair">
              {cell.why ?? 'Not worked out yet.'}
            </Alert>
          )}
          {start.error && (
            <Alert color="red" title="This combat cannot be set up">
              {start.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" size="lg" onClick={onClose}>
              Close
            </Button>
            {!charging && (
              <Button
                size="lg"
                leftSection={<IconPlayerPlay />}
                loading={start.isPending}
                onClick={() => start.mutate({ cell, theirsCharge: false })}
                data-testid="start-matchup"
              >
                Start this combat
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
