import { describe, expect, it } from 'vitest';
import { wholeCombatOf } from '../../../../core/analysis/combat/forHost';
import type { WholeCombatOdds } from '../../../../core/analysis/combat/types';
import { epicArmageddon } from '../../../../core/systems/epic-armageddon';
import { epicArmageddonAnalysis } from '../../../../core/systems/epic-armageddon/analysis';
import { conformance } from '../../../../core/systems/epic-armageddon/conformance';

/**
 * The round model made faster must give the same figures: the whole assault's odds from the start
 * of the setup example and of the club-size assault, as the host asks for them, each equal to 12
 * places to what the model gave before it was made faster (commit b8626bb: each start pair's round
 * worked out on its own, the labels moved through it position by position) — the winner, every
 * round's share, each formation's fate and every unit's, alike units apart (labels.ts). The
 * engine's own checks stay where they are (analysis/roundModelChain.test.ts: the walk on small
 * assaults, play-outs on these); this pins what a change for speed alone must not move.
 */

type Figures = {
  /** pAttackerWins, pDefenderWins, pDraw, pUnfinished, then each round's share. */
  odds: number[];
  /** Each formation's (the attacker's, the defender's): destroyed, flees, caught. */
  sides: number[][];
  /** Each unit, in the odds' order: its name, destroyed, flees, caught. */
  units: Array<[string, number, number, number]>;
};

const before: Record<string, Figures> = {
  'the setup example': {
    odds: [
      0.6561680894641442, 0.34383191050598755, 0, 2.986957392410762e-11, 0.8900567673685509, 0.09951884427166034,
      0.009455760867642568, 0.0008813639278303446, 7.970778165797797e-5, 6.918448038769492e-6, 5.84288020229824e-7,
      4.865805684018773e-8, 4.0263558885269e-9, 3.3231768421646306e-10,
    ],
    sides: [
      [0.22445676942630227, 0.11938317027956315, 0],
      [0.0023608034676372955, 0.6538072859965067, 0],
    ],
    units: [
      ['Assault Marines #1', 0.8694686976565715, 0, 0],
      ['Assault Marines #2', 0.6304147038771897, 0.003881983972195521, 0],
      ['Tactical Marines #1', 0.5577738058281315, 0.02285690367708179, 0],
      ['Tactical Marines #2', 0.4444563166147002, 0.053101983351703505, 0],
      ['Land Raider', 0.2610601172880213, 0.11338330640779377, 0],
      ['Boyz #1', 0.9803529656953194, 0, 0],
      ['Boyz #2', 0.9518712225887234, 0.00031636717525269643, 0],
      ['Boyz #3', 0.8921200328502485, 0.002481028997078949, 0],
      ['Boyz #4', 0.7983836088509205, 0.01288539463839273, 0],
      ['Nobz', 0.6542746414637071, 0.04788206481147642, 0],
      ['Battlefortress', 0.002361059702053176, 0.6538072828839178, 0],
    ],
  },
  'the club-size assault': {
    odds: [
      0.7640277300200962, 0.235972269979904, 0, 5.151148146749946e-47, 0.9612729665715878, 0.038694477870625,
      3.2554456500068304e-5, 1.1012778080528796e-9, 9.665964479049928e-15, 4.959331634416453e-20, 2.108075452459009e-25,
      8.472711443820121e-31, 3.353457091967077e-36, 1.31838306532006e-41,
    ],
    sides: [
      [0.23933211784157224, 0.04494618095088392, 0],
      [0.7149205414411005, 0.04910718857899571, 0],
    ],
    units: [
      ['Tactical Marines #1', 0.9725068022315244, 0.00027381018338399384, 0],
      ['Tactical Marines #2', 0.8668602691649742, 0.0024045249658559854, 0],
      ['Tactical Marines #3', 0.7575835274430464, 0.006179581992259049, 0],
      ['Tactical Marines #4', 0.7101979477191085, 0.00806683491756645, 0],
      ['Captain', 0.552098999756202, 0.011829810968907185, 0],
      ['Rhino #1', 0.5972843425193944, 0.01239666585659275, 0],
      ['Rhino #2', 0.4324858852153047, 0.027731755241328877, 0],
      ['Boyz #1', 0.993600598812166, 0, 0],
      ['Boyz #2', 0.9878547603767198, 4.776499154572703e-5, 0],
      ['Boyz #3', 0.9746141438836101, 0.00031420266274359066, 0],
      ['Boyz #4', 0.9522148027895379, 0.0012903520585609617, 0],
      ['Boyz #5', 0.9266081124015392, 0.0035841400516921267, 0],
      ['Boyz #6', 0.9037729716044575, 0.007535771027425694, 0],
      ['Nobz #1', 0.8236668154169919, 0.020023456377974393, 0],
      ['Nobz #2', 0.7916262553930946, 0.038223678620242715, 0],
    ],
  },
};

const setups: Record<string, unknown> = {
  'the setup example': epicArmageddon.exampleSetup,
  'the club-size assault': conformance.combats.club,
};

function figuresOf(odds: WholeCombatOdds): Figures {
  const fates = (f: { pDestroyed: number; pFlees: number; pCaught: number }) => [f.pDestroyed, f.pFlees, f.pCaught];
  return {
    odds: [odds.pAttackerWins, odds.pDefenderWins, odds.pDraw, odds.pUnfinished, ...odds.rounds],
    sides: [fates(odds.attacker), fates(odds.defender)],
    units: (odds.units ?? []).map((u) => [u.unit, ...fates(u)] as [string, number, number, number]),
  };
}

describe('the Epic round model made faster gives the figures it gave before, to 12 places', () => {
  for (const [what, setup] of Object.entries(setups))
    it(what, () => {
      const state = epicArmageddon.start(epicArmageddon.setupSchema.parse(structuredClone(setup)));
      const answer = wholeCombatOf(epicArmageddonAnalysis, state);
      expect(answer?.ok && answer.odds.exact, 'exact').toBe(true);
      const got = figuresOf((answer as { ok: true; odds: WholeCombatOdds }).odds);
      const want = before[what]!;
      expect(got.odds.length).toBe(want.odds.length);
      want.odds.forEach((p, i) => expect(got.odds[i], `odds[${i}]`).toBeCloseTo(p, 12));
      want.sides.forEach((s, i) =>
        s.forEach((p, j) => expect(got.sides[i]![j], `side ${i} fate ${j}`).toBeCloseTo(p, 12)),
      );
      expect(got.units.map((u) => u[0])).toEqual(want.units.map((u) => u[0]));
      want.units.forEach(([name, ...ps], i) =>
        ps.forEach((p, j) => expect(got.units[i]![j + 1], `${name} fate ${j}`).toBeCloseTo(p, 12)),
      );
    });
});
