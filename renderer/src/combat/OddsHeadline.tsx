import { Stack, Text } from '@mantine/core';
import { roundFigures } from './roundFigures';
import { useCombatOdds } from './useCombatOdds';

/**
 * The odds at the top of every step, in sight with what to roll or choose on a tablet and a laptop
 * alike (issue 34): in the games fought round after round, first the whole fight from here — "Space
 * Marines win the fight 65.6% · Orks 34.4% · most likely over in round 1", a quick estimate marked
 * until the exact figure replaces it in place — then this round's chances, labelled as the round's.
 * In a game of one round (40k 10th edition), its chances as they stand now. Every figure is the
 * host's; this only lays them out.
 */
export function OddsHeadline({ id, at }: { id: string; at: number }) {
  const { query, updating, whole } = useCombatOdds(id, at);
  const odds = query.data?.odds;
  if (!odds) return null;
  const fight = whole.data?.headline;
  // Exact and final: this step's figure counted exactly (the quick answer often is); until then the
  // figure shown is the first one (or the last step's), marked as being refined.
  const exact = whole.nowFinal || (whole.data?.now?.exact === true && !whole.updating);
  const refining = whole.updating && !exact;
  return (
    <Stack gap={2} data-testid="odds-headline" aria-live="polite" aria-busy={updating}>
      {fight && (
        <Text
          size="md"
          fw={700}
          lh={1.35}
          data-testid="fight-headline"
          data-exact={exact}
          style={refining ? { opacity: 0.75 } : undefined}
        >
          {fight}
          {refining && (
            <Text span size="sm" fw={400} c="gray.7">
              {' '}
              (first figure, being refined…)
            </Text>
          )}
        </Text>
      )}
      <Text size="sm" lh={1.35} data-testid="odds-headline-figure" style={updating ? { opacity: 0.6 } : undefined}>
        <Text span fw={600}>
          {whole.data ? 'This round: ' : 'Odds now: '}
        </Text>
        {roundFigures(odds).join(' · ')}
      </Text>
    </Stack>
  );
}
