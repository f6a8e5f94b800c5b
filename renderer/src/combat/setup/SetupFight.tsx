import { Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useClient } from '../../api/ClientContext';
import { HostError, unwrap } from '../../api/hostQuery';
import type { Odds } from '../../../../core/api/channels/combat';
import { roundFigures } from '../roundFigures';

type Json = unknown;

const isConflict = (error: Error) => error instanceof HostError && error.error.code === 'conflict';

/** How long the setup rests before its fight is asked again (a player typing a number asks once). */
const REST_MS = 400;

/**
 * The fight as set up, above Start (issue 34: "will my unit win this fight?", asked before the
 * charge): the host's whole-fight line for the setup as it stands ("Knights win the fight 81.6% ·
 * Spearmen 18.4% · most likely over in round 2"), asked again once an edit rests. The combat
 * started from it finds this figure already worked out. A game of one round (40k 10th edition)
 * reads its odds before any dice; a setup the host refuses gets a line saying when the odds come,
 * its fields named once Start is pressed.
 */
export function SetupFight({ system, setup }: { system: string; setup: Json }) {
  const client = useClient();
  const [resting] = useDebouncedValue(setup, REST_MS);
  const text = JSON.stringify(resting);
  const query = useQuery({
    queryKey: ['combat.preview', system, text],
    queryFn: async () =>
      unwrap(await client.combatPreview({ system, setup: JSON.parse(text) as Record<string, unknown> })),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // A conflict: a later asking (or a combat started meanwhile) took the host's work over.
    retry: (count, error) => isConflict(error) && count < 2,
  });
  const fight = query.data;
  if (fight && fight.headline === null && fight.unavailable === null && fight.round === null) return null;
  const line = lineOf(fight, query.error, query.isPlaceholderData || text !== JSON.stringify(setup));
  return (
    <Paper withBorder p="md" radius="md" data-testid="setup-fight" aria-live="polite" data-exact={fight?.odds?.exact}>
      <Text size="sm" fw={600} c="dimmed">
        The fight as set up
      </Text>
      <Text size="lg" fw={700} lh={1.35} style={line.updating ? { opacity: 0.75 } : undefined}>
        {line.text}
      </Text>
    </Paper>
  );
}

interface Answer {
  headline: string | null;
  unavailable: string | null;
  round: Odds | null;
}

/** The fight in one line; for a game of one round (40k 10th edition), its odds before any dice. */
const fightText = ({ headline, unavailable, round }: Answer) =>
  headline ?? unavailable ?? (round ? `Before any dice: ${roundFigures(round).join(' · ')}` : '');

/** What the line says: the fight, why there is none, or that it is being worked out (the last figure kept, dimmed). */
function lineOf(fight: Answer | undefined, error: Error | null, changed: boolean) {
  if (error && !isConflict(error)) return { text: 'The odds show once every field is filled in.', updating: false };
  if (!fight) return { text: 'Working out the fight…', updating: true };
  return { text: fightText(fight), updating: changed };
}
