import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CombatSnapshot } from '../../../core/api/channels/combat';
import type { Input } from '../../../core/api/view';
import { useClient } from '../api/ClientContext';
import type { HostError } from '../api/hostQuery';
import { unwrap, useHostQuery } from '../api/hostQuery';

const key = (id: string) => ['combat', id] as const;

/** One combat in progress: its snapshot from the host, and the three things a player can do to it. */
export function useCombat(id: string) {
  const client = useClient();
  const queries = useQueryClient();
  const snapshot = useHostQuery(key(id), () => client.combatGet({ id }));
  const settle = (next: CombatSnapshot) => queries.setQueryData(key(id), next);

  const answer = useMutation<CombatSnapshot, HostError, Input>({
    mutationFn: async (input) => unwrap(await client.combatAdvance({ id, input })),
    onSuccess: settle,
  });
  const rollForMe = useMutation<CombatSnapshot, HostError, string>({
    mutationFn: async (stepId) => unwrap(await client.combatRoll({ id, stepId })),
    onSuccess: settle,
  });
  const undo = useMutation<CombatSnapshot, HostError, void>({
    mutationFn: async () => unwrap(await client.combatUndo({ id })),
    onSuccess: (next) => {
      // The odds after the undone step were for dice that no longer stand: the step answered
      // again (other dice, another choice) reaches the same count of steps and must not show them.
      queries.removeQueries({
        queryKey: ['combat.odds', id],
        predicate: (q) => typeof q.queryKey[2] === 'number' && q.queryKey[2] > next.inputs.length,
      });
      settle(next);
    },
  });
  const busy = answer.isPending || rollForMe.isPending || undo.isPending;
  const error = answer.error ?? rollForMe.error ?? undo.error;
  const reset = () => [answer, rollForMe, undo].forEach((m) => m.reset());
  return { snapshot, answer, rollForMe, undo, busy, error, reset };
}
