import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CombatOdds } from '../../../core/api/channels/combat';
import { useClient } from '../api/ClientContext';
import { unwrap, type HostError } from '../api/hostQuery';

/**
 * The odds of a combat at a step, asked for after the step is shown (the host answers the step
 * first): the odds panel and the choose step's per-option figures read the same query. While the
 * next odds are worked out, the last ones stay (`updating`).
 *
 * The whole combat's odds are asked once this round's have come, twice: a quick first figure (an
 * eighth of the work: a few hundred play-outs where the combat is too large to count exactly), then
 * the full answer, which refines it (and gives the options' figures). The host works both out in
 * chunks between the players' steps. At a choose step whose options change the whole combat, each
 * option's figure gains the chooser's chance to win it.
 */
export function useCombatOdds(id: string, at: number, enabled = true) {
  const client = useClient();
  const query = useQuery<CombatOdds, HostError>({
    queryKey: ['combat.odds', id, at],
    queryFn: async () => unwrap(await client.combatOdds({ id, at })),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    enabled,
  });
  const round = query.data?.at === at ? query.data : undefined;
  const quickQuery = useQuery<CombatOdds, HostError>({
    queryKey: ['combat.odds', id, at, 'whole', 'quick'],
    queryFn: async () => unwrap(await client.combatOdds({ id, at, whole: true, quick: true })),
    staleTime: Infinity,
    enabled: enabled && round !== undefined,
  });
  const quick = quickQuery.data?.at === at ? quickQuery.data : undefined;
  const wholeQuery = useQuery<CombatOdds, HostError>({
    queryKey: ['combat.odds', id, at, 'whole'],
    queryFn: async () => unwrap(await client.combatOdds({ id, at, whole: true })),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    enabled: enabled && round !== undefined && (quick !== undefined || quickQuery.isError),
  });
  const whole = wholeQuery.data?.at === at ? wholeQuery.data : undefined;
  const current =
    round && whole
      ? {
          ...round,
          choices: round.choices.map((c) => withWhole(c, whole.choices.find((w) => w.option === c.option)?.whole)),
        }
      : round;
  return {
    query,
    current,
    updating: query.isFetching && !round,
    // Until the full answer for this step comes: the quick one, else the last step's, marked as updating.
    whole: {
      data: (whole ?? quick ?? wholeQuery.data)?.whole,
      isError: wholeQuery.isError,
      updating: whole === undefined && !wholeQuery.isError,
    },
  };
}

function withWhole(
  choice: CombatOdds['choices'][number],
  whole: string | null | undefined,
): CombatOdds['choices'][number] {
  if (!whole) return choice;
  return { ...choice, figure: choice.figure ? `${choice.figure} · ${whole}` : whole };
}
