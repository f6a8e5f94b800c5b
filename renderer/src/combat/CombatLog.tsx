import { Card, Table, Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { LogLine } from '../../../core/api/view';

type Props = { lines: LogLine[]; names: Record<'attacker' | 'defender', string> };

/** The same log of the same sides: the page re-renders as the odds arrive, the log has not changed. */
const sameLog = (a: Props, b: Props) =>
  a.lines === b.lines && a.names.attacker === b.names.attacker && a.names.defender === b.names.defender;

/** What has happened so far, newest first. */
export const CombatLog = memo(function CombatLog({ lines, names }: Props) {
  return (
    <Card withBorder padding="md">
      <Title order={3} mb="xs">
        What happened
      </Title>
      {lines.length === 0 ? (
        <Text c="gray.7">Nothing yet.</Text>
      ) : (
        <Table striped fz="md" data-testid="combat-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Step</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Dice</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...lines].reverse().map((line, i) => (
              <Table.Tr key={`${line.stepId}-${i}`}>
                <Table.Td>{line.title}</Table.Td>
                <Table.Td>{names[line.actor]}</Table.Td>
                <Table.Td
                  ff="monospace"
                  title={line.typed ? 'D6s halved for the D3s: typed, then the D3 results' : undefined}
                >
                  {line.dice
                    ? line.typed
                      ? `${line.typed.join(' ')} → ${line.dice.join(' ')}`
                      : line.dice.join(' ')
                    : '—'}
                </Table.Td>
                <Table.Td>{line.result}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}, sameLog);
