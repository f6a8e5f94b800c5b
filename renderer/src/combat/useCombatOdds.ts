import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CombatOdds } from '../../../core/api/channels/combat';
import { useClient } from '../api/ClientContext';
import { unwrap, type HostError } from '../api/hostQuery';

/**
 * The odds of a combat at a step, asked for after the step is shown (the host answers the step
 * first): the odds panel and the choose step's per-option figures read the same query. While the
 * next odds are worked out, the last ones stay (`updating`).
 *
 * The whole combat's odds are a second request, asked once this round's have come: they take
 * longer (up to about a second), so the round's figures never wait for them. At a choose step
 * whose options change the whole combat, each option's figure gains the chooser's chance to win it.
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
  const wholeQuery = useQuery<CombatOdds, HostError>({
    queryKey: ['combat.odds', id, at, 'whole'],
    queryFn: async () => unwrap(await client.combatOdds({ id, at, whole: true })),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    enabled: enabled && round !== undefined,
  });
  const whole = wholeQuery.data?.at === at ? wholeQuery.data : undefined;
  const current = round && whole ? { ...round, choices: round.choices.map((c) => withWhole(c, whole.choices.find((w) => w.option === c.option)?.whole)) } : round;
  return {
    query,
    current,
    updating: query.isFetching && !round,
    whole: { data: wholeQuery.data?.whole, isError: wholeQuery.isError, updating: wholeQuery.isFetching && !whole },
  };
}

function withWhole(choice: CombatOdds['choices'][number], whole: string | null | undefined): CombatOdds['choices'][number] {
  if (!whole) return choice;
  return { ...choice, figure: choice.figure ? `${choice.figure} · ${whole}` : whole };
}
