import type { ModelTransition, RoundModel } from '../../core/analysis/combat/model';
import type { SystemAnalysis } from '../../core/analysis/system';

/**
 * The system's analysis with its round model's work counted: transitions worked out (a position's
 * round, one at a time or within a layer) and the successors they gave (next positions and ends).
 */
export function countedAnalysis(analysis: SystemAnalysis) {
  const counts = { transitions: 0, successors: 0 };
  const model = analysis.combat!.model!;
  const tally = <T extends ModelTransition<unknown>>(t: T, positions: number): T => {
    counts.transitions += positions;
    counts.successors += t.next.length + t.ended.length;
    return t;
  };
  const counted: RoundModel<unknown, unknown> = {
    ...model,
    transition: (p) => tally(model.transition(p), 1),
    ...(model.layer
      ? { layer: (ps: Parameters<NonNullable<typeof model.layer>>[0]) => tally(model.layer!(ps), ps.length) }
      : {}),
  };
  return { counts, analysis: { ...analysis, combat: { ...analysis.combat!, model: counted } } };
}
