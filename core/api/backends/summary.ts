import type { RuleSystem } from '../../combat/system';
import type { RosterRepository } from '../../store/repo';
import {
  buildCombatSummary,
  buildReport,
  reportMarkdown,
  summaryMarkdown,
  SummaryError,
  type KnownRoster,
  type Report,
  type StoredCombatRecord,
  type Summary,
} from '../../summary';
import type { Analyzed } from '../../analysis/guarded';
import type { WholeCombatAnswer } from '../../analysis/combat/forHost';
import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';
import { slug } from '../slug';

export interface SummaryBackendDeps {
  repo: RosterRepository;
  systems: Readonly<Record<string, RuleSystem>>;
  analyze: (systemId: string, state: unknown) => Analyzed | null;
  /** The whole combat's odds, for the summary of one combat (not a report of many: each takes its own second). */
  wholeCombat?: (systemId: string, state: unknown, share?: number) => WholeCombatAnswer;
}

/** More than this in one report is refused: a club night is a handful, and each is replayed. */
const maxReport = 100;
const PAGE = 200;

/** Every stored roster with its unit names, to name the roster each side came from. */
async function knownRosters(repo: RosterRepository): Promise<KnownRoster[]> {
  const known: KnownRoster[] = [];
  for (const r of await repo.listRosters()) {
    const found = await repo.getRoster(r.id);
    if (found) known.push({ id: r.id, name: r.name, system: r.system, unitNames: found.units.map((u) => u.name) });
  }
  return known;
}

/** A stored combat summed up (with the whole combat's odds where asked); one that no longer replays is a conflict in words. */
function summarise(
  deps: SummaryBackendDeps,
  record: StoredCombatRecord,
  rosters: readonly KnownRoster[],
  whole = false,
): Summary {
  try {
    return buildCombatSummary(record, {
      systems: deps.systems,
      analyze: deps.analyze,
      rosters,
      ...(whole && deps.wholeCombat ? { wholeCombat: deps.wholeCombat } : {}),
    });
  } catch (error) {
    if (error instanceof SummaryError) throw new ApiFailure('conflict', error.message, 'id');
    throw error;
  }
}

async function recordOf(repo: RosterRepository, id: string, field = 'id') {
  const found = await repo.getCombat(id);
  if (!found) throw new ApiFailure('not_found', `There is no combat with id "${id}".`, field);
  return found;
}

/** Every stored combat started in [from, to), read a page at a time. */
async function inPeriod(repo: RosterRepository, from: string | undefined, to: string | undefined) {
  const start = from === undefined ? -Infinity : Date.parse(from);
  const end = to === undefined ? Infinity : Date.parse(to);
  const ids: string[] = [];
  let before: { startedAt: string; id: string } | undefined;
  for (;;) {
    const page = await repo.listCombats({ limit: PAGE, before });
    for (const c of page) {
      const at = Date.parse(c.startedAt);
      if (at >= start && at < end) ids.push(c.id);
    }
    const tail = page.at(-1);
    // Newest first: once a page ends before the period, nothing older can be in it.
    if (page.length < PAGE || !tail || Date.parse(tail.startedAt) < start) break;
    before = { startedAt: tail.startedAt, id: tail.id };
  }
  return ids;
}

/** The report of the chosen combats (shared by history.report and history.exportReport). */
async function reportOf(deps: SummaryBackendDeps, request: ParsedRequestOf<'history.report'>): Promise<Report> {
  const { from, to, rosterId, ids } = request;
  const rosters = await knownRosters(deps.repo);
  const roster = rosterId === undefined ? undefined : rosters.find((r) => r.id === rosterId);
  if (rosterId !== undefined && !roster)
    throw new ApiFailure('not_found', `There is no roster with id "${rosterId}".`, 'rosterId');
  const inside = (at: number) =>
    !((from !== undefined && at < Date.parse(from)) || (to !== undefined && at >= Date.parse(to)));
  const summaries: Summary[] = [];
  // A combat named twice is in the report once, and replayed once (100 copies of one id took 4 s).
  const firstOf = new Map<string, number>();
  (ids ?? (await inPeriod(deps.repo, from, to))).forEach((id, i) => firstOf.has(id) || firstOf.set(id, i));
  const chosen = [...firstOf.entries()];
  for (const [id, i] of chosen) {
    const found = await recordOf(deps.repo, id, ids ? `ids.${i}` : 'id');
    if (ids && !inside(Date.parse(found.startedAt))) continue;
    const summary = summarise(deps, found, rosters);
    const sides = [summary.sides.attacker.roster?.id, summary.sides.defender.roster?.id];
    if (roster && !sides.includes(roster.id)) continue;
    summaries.push(summary);
    if (summaries.length > maxReport)
      throw new ApiFailure(
        'invalid_input',
        `More than ${maxReport} combats match: choose a shorter period or a roster.`,
        from !== undefined ? 'from' : 'ids',
      );
  }
  return buildReport(summaries, { from, to, roster: roster && { id: roster.id, name: roster.name } });
}

/** Summaries, reports and exports of stored combats (channels/summary.ts). */
export function createSummaryBackend(deps: SummaryBackendDeps) {
  const { repo } = deps;
  return {
    'history.summary': async ({ id }: ParsedRequestOf<'history.summary'>): Promise<ResponseOf<'history.summary'>> => ({
      summary: summarise(deps, await recordOf(repo, id), await knownRosters(repo), true),
    }),

    'history.report': async (request: ParsedRequestOf<'history.report'>): Promise<ResponseOf<'history.report'>> => ({
      report: await reportOf(deps, request),
    }),

    'history.exportReport': async ({
      format: _format,
      ...request
    }: ParsedRequestOf<'history.exportReport'>): Promise<ResponseOf<'history.exportReport'>> => {
      const report = await reportOf(deps, request);
      return { fileName: 'club-night-report.md', kind: 'markdown', content: reportMarkdown(report) };
    },

    'history.export': async ({
      id,
      format,
    }: ParsedRequestOf<'history.export'>): Promise<ResponseOf<'history.export'>> => {
      const found = await recordOf(repo, id);
      const summary = summarise(deps, found, await knownRosters(repo), true);
      const base = `${slug(found.title) || 'combat'}-${found.startedAt.slice(0, 10)}`;
      if (format === 'markdown') return { fileName: `${base}.md`, kind: 'markdown', content: summaryMarkdown(summary) };
      // The stored log (setup, seed, inputs) replays the combat exactly; the summary is for readers.
      const { inputCount: _inputCount, ...log } = found;
      const content = JSON.stringify({ format: 'combat-companion/combat', version: 1, combat: log, summary }, null, 2);
      return { fileName: `${base}.json`, kind: 'json', content };
    },
  };
}
