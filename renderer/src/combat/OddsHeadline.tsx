import { Group, Text } from '@mantine/core';
import { fixed2, percent } from '../../../core/api/view';
import { useCombatOdds } from './useCombatOdds';

/**
 * The odds in one line right above the step, so the figure that matters is in sight together with
 * what to roll, on a tablet and a laptop alike, without scrolling to the odds panel: the named
 * chances as they stand now (who wins the round, who breaks…), or the expected main measure where
 * a system names none. Every figure is the host's; this only lays them out.
 */
export function OddsHeadline({ id, at }: { id: string; at: number }) {
  const { query, updating } = useCombatOdds(id, at);
  const odds = query.data?.odds;
  if (!odds) return null;
  // Chances still open first; where the round is decided, what is certain ("Knights win the round: 100%"), not a row of 0%.
  const open = odds.facts.filter((f) => f.now > 1e-9 && f.now < 1 - 1e-9);
  const shown = open.length > 0 ? open : odds.facts.filter((f) => f.now >= 1 - 1e-9);
  const figures =
    shown.length > 0
      ? shown.slice(0, 3).map((f) => `${f.label}: ${percent(f.now)}`)
      : [`${odds.measure}: ${fixed2(odds.meanNow)} expected`];
  return (
    <Group
      gap={6}
      wrap="wrap"
      data-testid="odds-headline"
      aria-live="polite"
      aria-busy={updating}
      style={updating ? { opacity: 0.6 } : undefined}
    >
      <Text size="md" fw={700}>
        Odds now:
      </Text>
      {figures.map((f, i) => (
        <Text key={f} size="md" data-testid="odds-headline-figure">
          {f}
          {i < figures.length - 1 ? ' ·' : ''}
        </Text>
      ))}
    </Group>
  );
}
