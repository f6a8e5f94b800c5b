import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { keys } from '../rosters/common';

/** A local calendar day as "YYYY-MM-DD" (what a date field holds). */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The period of a club night as instants: from the start of the first day to the start of the day
 * after the last, in the player's own time zone (a game at 23:30 belongs to that evening, whatever
 * UTC says). The host compares instants.
 */
export function periodOf(fromDay: string, toDay: string): { from: string; to: string } {
  const start = new Date(`${fromDay}T00:00:00`);
  const end = new Date(`${toDay}T00:00:00`);
  end.setDate(end.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

/** "Club-night report…": which combats (a date range, and optionally one roster's) go in the report. */
export function ReportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const client = useClient();
  const navigate = useNavigate();
  const rosters = useHostQuery(keys.rosterList, () => client.rosterList({ sort: 'name' }));
  const today = localDay(new Date());
  const [fromDay, setFromDay] = useState(today);
  const [toDay, setToDay] = useState(today);
  const [rosterId, setRosterId] = useState<string | null>(null);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(fromDay) && /^\d{4}-\d{2}-\d{2}$/.test(toDay) && fromDay <= toDay;

  const open = () => {
    const params = new URLSearchParams(periodOf(fromDay, toDay));
    if (rosterId) params.set('rosterId', rosterId);
    navigate(`/print/report?${params.toString()}`);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Club-night report" size="lg">
      <Stack gap="md">
        <Text size="lg">
          Every combat started in these days goes in one printable document, with a contents list and a tally per
          roster.
        </Text>
        <Group grow>
          <TextInput
            size="lg"
            type="date"
            label="From"
            value={fromDay}
            onChange={(e) => setFromDay(e.currentTarget.value)}
            data-testid="report-from"
          />
          <TextInput
            size="lg"
            type="date"
            label="To (inclusive)"
            value={toDay}
            onChange={(e) => setToDay(e.currentTarget.value)}
            error={valid || !fromDay || !toDay ? undefined : 'The last day comes before the first.'}
            data-testid="report-to"
          />
        </Group>
        <Select
          size="lg"
          label="Roster"
          placeholder="Every roster"
          clearable
          data={(rosters.data?.rosters ?? []).map((r) => ({ value: r.id, label: r.name }))}
          value={rosterId}
          onChange={setRosterId}
          description="Only the combats a unit of this roster fought in."
          data-testid="report-roster"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={open} disabled={!valid} data-testid="open-report">
            Open the report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
