import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CombatOdds } from '../../../core/api/channels/combat';
import { useClient } from '../api/ClientContext';
import { unwrap, type HostError } from '../api/hostQuery';

/**
 * The odds of a combat at a step, asked for after the step is shown (the host answers the step
 * first): the odds panel and the choose step's per-option figures read the same query. While the
 * next odds are worked out, the last ones stay (`updating`).
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
  const current = query.data?.at === at ? query.data : undefined;
  return { query, current, updating: query.isFetching && !current };
}
