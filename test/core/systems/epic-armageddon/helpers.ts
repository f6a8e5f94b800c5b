import { startCombat, type Combat } from '../../../../core/combat/engine';
import { diceWanted } from '../../../../core/combat/rollGroups';
import { playerFor, type Answer } from '../../../support/drive';
import { epicArmageddon, type Setup, type SetupInput, type State } from '../../../../core/systems/epic-armageddon';

/** Test helpers for Epic assaults: terse setups and a driver that answers steps in order. */

type UnitInput = SetupInput['attacker']['units'][number];
type SideInput = Partial<Omit<SetupInput['attacker'], 'units'>> & { units: UnitInput[] };

/** A plain infantry unit: CC 4+, FF 4+, no save, in base contact. */
export const unit = (over: Partial<UnitInput> = {}): UnitInput => ({
  name: 'Unit',
  armour: null,
  cc: 4,
  ff: 4,
  ...over,
});

export function setupOf(attacker: SideInput, defender: SideInput): Setup {
  return epicArmageddon.setupSchema.parse({
    system: 'epic-armageddon',
    attacker: { name: 'Red', formation: 'Red force', ...attacker },
    defender: { name: 'Blue', formation: 'Blue force', ...defender },
  });
}

export type EpicCombat = Combat<Setup, State>;

export const start = (setup: Setup): EpicCombat => startCombat(epicArmageddon, setup, 1);

const playStrict = playerFor(epicArmageddon);

/**
 * Answers the steps in order: dice for a roll, an option id for a choice, 'go' for an outcome.
 * The rules' fast dice rolling takes everything rolled at one moment in one step (both sides'
 * attack dice, both sides' saves, both result rolls), so the dice given are one stream: a roll
 * step takes as many as it has dice (a chained group one for each die before it that calls for
 * one), from one answer or several in a row; a 'go' where no outcome
 * waits is passed over (outcomes nobody needs to acknowledge are logged, not shown).
 */
export function play(combat: EpicCombat, ...answers: Answer[]): EpicCombat {
  let c = combat;
  const queue = answers.map((a) => (Array.isArray(a) ? [...a] : a));
  while (queue.length > 0) {
    const step = c.step;
    const head = queue[0]!;
    if (step.kind === 'roll') {
      if (head === 'go') {
        queue.shift();
        continue;
      }
      const dice: number[] = [];
      // A chained group (a re-roll for each failed save) takes as many dice as the dice before it call for.
      const short = () => {
        const w = diceWanted(step, dice);
        return !w.known || dice.length < w.count;
      };
      while (short() && queue.length > 0 && Array.isArray(queue[0])) {
        const part = queue[0] as number[];
        dice.push(part.shift()!);
        if (part.length === 0) queue.shift();
        while ((queue[0] as Answer | undefined) === 'go' && short()) queue.shift();
      }
      if (short())
        throw new Error(`at "${step.title}": ${diceWanted(step, dice).count} dice needed, ${dice.length} given`);
      c = playStrict(c, dice);
      continue;
    }
    queue.shift();
    if (head === 'go' && (step.kind !== 'outcome' || step.final)) continue;
    c = playStrict(c, head);
  }
  return c;
}

/** Standing units (or DC left) per entry of a side. */
export const left = (c: EpicCombat, role: 'attacker' | 'defender') =>
  c.state.setup[role].units.map((_, entry) =>
    c.state.units[role].filter((u) => u.entry === entry).reduce((n, u) => n + u.left, 0),
  );

/** The log's results, for matching. */
export const logText = (c: EpicCombat) => c.state.log.map((l) => `${l.title}: ${l.result}`);

export { chooseStep, n, outcomeStep, rollStep } from '../../../support/drive';
