import type { ModelView } from '../combat/view';
import type { SummarySide } from './schema';

/**
 * The casualty table's rows: every model with its wounds left, with runs of identical models of a
 * unit folded into one row ("Orc Boyz 3–20 · 1 · 1 · unharmed"). A ranks game has units of twenty
 * or more; one row per model would fill pages with the same line.
 */
export interface CasualtyRow {
  side: string;
  /** "Orc Boyz 3–20", or one model's own name. */
  models: string;
  count: number;
  wounds: number;
  woundsLeft: number;
  destroyed: boolean;
  status: 'destroyed' | 'wounded' | 'unharmed';
}

/** "Boy 3" or "Boyz #3": the name before the number (with its "#"), then the number. */
const numbered = /^(.* #?)(\d+)$/;

const statusOf = (m: ModelView): CasualtyRow['status'] =>
  m.destroyed ? 'destroyed' : m.woundsLeft < m.wounds ? 'wounded' : 'unharmed';

export function casualtyRows(sides: readonly SummarySide[]): CasualtyRow[] {
  const rows: CasualtyRow[] = [];
  for (const side of sides) {
    for (const unit of side.units) {
      let run: { base: string; first: number; last: number; m: ModelView } | null = null;
      const flush = () => {
        if (!run) return;
        const name = run.first === run.last ? `${run.base}${run.first}` : `${run.base}${run.first}–${run.last}`;
        rows.push({
          side: side.name,
          models: name,
          count: run.last - run.first + 1,
          wounds: run.m.wounds,
          woundsLeft: run.m.woundsLeft,
          destroyed: run.m.destroyed,
          status: statusOf(run.m),
        });
        run = null;
      };
      for (const m of unit.models) {
        // Supporting fire from another formation cannot be hit: never a casualty.
        if (m.engagement === 'support') continue;
        const match = numbered.exec(m.name);
        const same =
          run &&
          match &&
          match[1] === run.base &&
          Number(match[2]) === run.last + 1 &&
          m.wounds === run.m.wounds &&
          m.woundsLeft === run.m.woundsLeft &&
          m.destroyed === run.m.destroyed;
        if (same && run) {
          run.last += 1;
          continue;
        }
        flush();
        if (match) run = { base: match[1]!, first: Number(match[2]), last: Number(match[2]), m };
        else
          rows.push({
            side: side.name,
            models: m.name,
            count: 1,
            wounds: m.wounds,
            woundsLeft: m.woundsLeft,
            destroyed: m.destroyed,
            status: statusOf(m),
          });
      }
      flush();
    }
  }
  return rows;
}
