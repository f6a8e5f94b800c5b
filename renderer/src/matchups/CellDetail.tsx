import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MatchupCell, MatchupOdds, MatchupTable } from '../../../core/api';
import { useClient } from '../api/ClientContext';
import { unwrap } from '../api/hostQuery';
import type { MatchupRequest } from './useMatchupTable';

/** A chance as written everywhere: "62.0%", an estimate "≈ 62%". */
const chance = (odds: MatchupOdds, value: number) =>
  odds.exact ? `${(100 * value).toFixed(1)}%` : `≈ ${Math.round(100 * value)}%`;

/** Each side's chance, in the words of the game (one attack: wiping their unit out). */
function chances(odds: MatchupOdds, table: MatchupTable): Array<[string, string]> {
  if (odds.kind === 'attack')
    return [
      ['Their unit wiped out', chance(odds, odds.win)],
      ['Their unit still standing', chance(odds, odds.unfinished)],
      [
        'Models destroyed on average',
        `${(odds.meanModelsDestroyed ?? 0).toFixed(1)}${odds.targetModels ? ` of ${odds.targetModels}` : ''}`,
      ],
    ];
  const rows: Array<[string, string]> = [
    [`${table.mine.name} win the fight`, chance(odds, odds.win)],
    [`${table.theirs.name} win the fight`, chance(odds, odds.lose)],
  ];
  if (odds.draw > 0) rows.push(['A draw', chance(odds, odds.draw)]);
  if (odds.unfinished >= 0.005)
    rows.push(['Still fighting after the last round counted', chance(odds, odds.unfinished)]);
  return rows;
}

/** "Start this combat": the cell's setup from the host, and the setup screen opened filled with it. */
function useStartMatchup(request: MatchupRequest) {
  const client = useClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (c: MatchupCell) =>
      unwrap(await client.rosterMatchupSetup({ ...request, mineUnit: c.mine, theirsUnit: c.theirs })),
    onSuccess: ({ system, setup, rosterIds }) =>
      navigate(`/combat/new/${system}`, { state: { matchup: { setup, rosterIds } } }),
  });
}

/**
 * One cell opened: each side's chance, the headline a combat of these two would show, and "Start
 * this combat", which opens the setup screen filled with the two units (roster.matchupSetup).
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
  return (
    <Modal opened={cell !== null} onClose={onClose} title={`${mine} against ${theirs}`} size="lg">
      {cell && (
        <Stack gap="md" data-testid="matchup-detail">
          {cell.odds ? (
            <>
              <Text size="lg" fw={600} data-testid="matchup-headline">
                {cell.odds.headline}
              </Text>
              <Table fz="lg" withRowBorders>
                <Table.Tbody>
                  {chances(cell.odds, table).map(([what, value]) => (
                    <Table.Tr key={what}>
                      <Table.Td>{what}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {value}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {!cell.odds.exact && (
                <Text c="gray.8">
                  An estimate from played-out combats (± {Math.round(100 * (cell.odds.standardError ?? 0))}%): too many
                  outcomes to count exactly in the time a cell gets. The combat itself counts them.
                </Text>
              )}
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
            <Button
              size="lg"
              leftSection={<IconPlayerPlay />}
              loading={start.isPending}
              onClick={() => start.mutate(cell)}
              data-testid="start-matchup"
            >
              Start this combat
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
