import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CombatOdds } from '../../../core/api/channels/combat';
import { useClient } from '../api/ClientContext';
import { unwrap, type HostError } from '../api/hostQuery';
import { wholeShown } from './wholeShown';

/** An option's figures at a choice: where the round stands after it, and (round-by-round games) the chooser's chance to win the fight. */
export interface OptionFigures {
  round: string | null;
  fight: string | null;
}

/**
 * The odds of a combat at a step, asked for after the step is shown (the host answers the step
 * first): the headline, the odds panel and the choose step's per-option figures read the same
 * queries. While the next odds are worked out, the last ones stay (`updating`).
 *
 * The whole combat's odds are asked twice: a quick first figure, asked beside this round's (the
 * host answers the round's first; exact on every example, an estimate where the combat is too large
 * to count at once), then, once it has come, the full answer, which replaces it in place and weighs
 * every option of a choice by the fight (issue 34): its figure, the best of them to suggest, or
 * words where the options cannot differ.
 */
export function useCombatOdds(id: string, at: number, enabled = true) {
  const client = useClient();
  const ask = (whole: boolean, quick: boolean) => async () =>
    unwrap(await client.combatOdds({ id, at, ...(whole ? { whole } : {}), ...(quick ? { quick } : {}) }));
  const query = useQuery<CombatOdds, HostError>({
    queryKey: ['combat.odds', id, at],
    queryFn: ask(false, false),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    enabled,
  });
  const round = query.data?.at === at ? query.data : undefined;
  const quickQuery = useQuery<CombatOdds, HostError>({
    queryKey: ['combat.odds', id, at, 'whole', 'quick'],
    queryFn: ask(true, true),
    staleTime: Infinity,
    enabled,
  });
  const quick = quickQuery.data?.at === at ? quickQuery.data : undefined;
  const wholeQuery = useQuery<CombatOdds, HostError>({
    queryKey: ['combat.odds', id, at, 'whole'],
    queryFn: ask(true, false),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    enabled: enabled && round !== undefined && (quick !== undefined || quickQuery.isError),
  });
  const whole = wholeQuery.data?.at === at ? wholeQuery.data : undefined;
  return {
    query,
    // `settled`: the full answer has come (or failed), so the option suggested is final.
    current: round ? { ...choicesOf(round, whole), settled: whole !== undefined || wholeQuery.isError } : undefined,
    updating: query.isFetching && !round,
    // Until the full answer for this step comes: the quick one, else the last step's, marked as updating.
    whole: wholeShown(whole, quick, wholeQuery.data, wholeQuery.isError),
  };
}

/**
 * What a choice shows of the odds: each option's figures, the option to suggest — by the fight once
 * the full answer has come (the round's own figure never decides a round-by-round game's choice),
 * else by the round — and the words said instead of figures that cannot differ.
 */
function choicesOf(round: CombatOdds, whole: CombatOdds | undefined) {
  const figures: Record<string, OptionFigures> = {};
  for (const c of round.choices) {
    const fight = whole?.choices.find((w) => w.option === c.option)?.whole ?? null;
    figures[c.option] = { round: c.figure, fight };
  }
  return {
    figures,
    best: whole ? whole.best : round.best,
    choiceNote: whole?.choiceNote ?? null,
  };
}
