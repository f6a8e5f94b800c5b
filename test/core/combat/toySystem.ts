import { z } from 'zod';
import { InputError, type Input, type RuleSystem, type Step } from '../../../core/combat';

/**
 * A tiny rule system for testing the protocol on its own: the attacker rolls `dice` D6 needing
 * 4+, the defender then chooses to hold or fall back (only "hold" if nothing hit), re-rolling is
 * not a thing, and the result is shown.
 */
const setupSchema = z.object({ dice: z.number().int().min(1).max(20) });
type Setup = z.infer<typeof setupSchema>;
interface State {
  dice: number;
  hits: number | null;
  decision: 'hold' | 'fall-back' | null;
  acknowledged: boolean;
  lines: string[];
}

export const toySystem: RuleSystem<Setup, State> = {
  id: 'toy',
  name: 'Toy duel',
  setupSchema,
  start: (setup) => ({ dice: setup.dice, hits: null, decision: null, acknowledged: false, lines: [] }),
  next(state): Step {
    if (state.hits === null) {
      return {
        kind: 'roll',
        id: 'hit',
        title: 'Hit rolls',
        actor: 'attacker',
        count: state.dice,
        sides: 6,
        passOn: 4,
        needs: '4+',
        why: [{ rule: 'toy', detail: 'always 4+' }],
        notes: [],
      };
    }
    if (state.decision === null) {
      const options = [{ id: 'hold', label: 'Hold', suggested: true }];
      if (state.hits > 0) options.push({ id: 'fall-back', label: 'Fall back', suggested: false });
      return {
        kind: 'choose',
        id: 'react',
        title: 'Reaction',
        actor: 'defender',
        prompt: 'Hold or fall back?',
        options,
        why: [],
      };
    }
    if (!state.acknowledged)
      return { kind: 'outcome', id: 'round', title: 'Round over', lines: [`${state.hits} hits`], final: false };
    return {
      kind: 'outcome',
      id: 'end',
      title: 'Result',
      lines: [`${state.hits} hits, defender chose ${state.decision}`],
      final: true,
    };
  },
  apply(state, input: Input): State {
    if (input.kind === 'roll') {
      // A rule only the system can judge: the toy refuses all-ones as "cocked dice".
      if (input.dice.every((d) => d === 1) && input.dice.length > 1)
        throw new InputError('All ones? Re-roll cocked dice.', 'dice');
      const hits = input.dice.filter((d) => d >= 4).length;
      return { ...state, hits, lines: [...state.lines, `${hits} hits`] };
    }
    if (input.kind === 'choose')
      return { ...state, decision: input.option as State['decision'], lines: [...state.lines, input.option] };
    return { ...state, acknowledged: true };
  },
  view: (state) => ({
    sides: { attacker: { name: 'A', units: [] }, defender: { name: 'D', units: [] } },
    log: state.lines.map((result, i) => ({ stepId: String(i), actor: 'attacker', title: 'line', result })),
  }),
};
