import type { Role } from '../combat/steps';
import type { Report, RosterRef, Summary, TallyRow } from './schema';

export interface ReportScope {
  /** The period asked for, as ISO timestamps (from inclusive, to exclusive). */
  from?: string | undefined;
  to?: string | undefined;
  roster?: RosterRef | undefined;
}

const other = (role: Role): Role => (role === 'attacker' ? 'defender' : 'attacker');

/**
 * A club-night report: the combats in the order they were fought, a contents list, and a tally
 * per force. A force is the roster a side came from, or — for a side not traced to a roster —
 * its unit, so nothing is left out of the tally. Wins come from each system's own `winner`
 * (carried in the summary), so a second system's combats tally without code here.
 */
export function buildReport(summaries: readonly Summary[], scope: ReportScope = {}): Report {
  const combats = [...summaries].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id));
  const tally = new Map<string, TallyRow>();
  for (const combat of combats) {
    const counted = new Set<string>();
    for (const role of ['attacker', 'defender'] as const) {
      const side = combat.sides[role];
      const key = side.roster ? side.roster.id : `unit:${side.name}`;
      const row = tally.get(key) ?? {
        key,
        name: side.roster?.name ?? side.name,
        rosterId: side.roster?.id ?? null,
        combats: 0,
        won: 0,
        lost: 0,
        drawn: 0,
        modelsDestroyed: 0,
        modelsLost: 0,
      };
      // A roster on both sides of one combat (a practice game) plays it once.
      if (!counted.has(key)) {
        row.combats += 1;
        if (combat.winner === role) row.won += 1;
        else if (combat.winner === other(role)) row.lost += 1;
        else if (combat.winner === 'draw') row.drawn += 1;
        counted.add(key);
      }
      row.modelsDestroyed += combat.sides[other(role)].modelsLost;
      row.modelsLost += side.modelsLost;
      tally.set(key, row);
    }
  }
  return {
    title: titleOf(scope),
    from: scope.from ?? null,
    to: scope.to ?? null,
    roster: scope.roster ?? null,
    contents: combats.map((c, i) => ({
      n: i + 1,
      id: c.id,
      title: c.title,
      system: c.system.name,
      startedAt: c.startedAt,
      result: c.outcome?.lines[0] ?? `Unfinished: waiting at “${c.pending ?? 'the next step'}”`,
      winner: c.winner === null ? null : c.winner === 'draw' ? 'Draw' : c.sides[c.winner].name,
    })),
    tally: [...tally.values()].sort(
      (a, b) => b.won - a.won || b.modelsDestroyed - a.modelsDestroyed || a.name.localeCompare(b.name),
    ),
    combats,
  };
}

function titleOf(scope: ReportScope): string {
  const base = 'Club-night report';
  return scope.roster ? `${base}: ${scope.roster.name}` : base;
}
