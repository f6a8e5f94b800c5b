import type { CombatView, ModelView, UnitView } from '../../combat/view';
import { remainingOf } from './allocation';
import { waveName } from './flow';
import { sideNotes } from './outcome';
import { certainlyDestroyed } from './saves';
import type { Setup } from './setup';
import {
  alive,
  entryOf,
  hitsText,
  isWarEngine,
  notSupportingWhy,
  plural,
  roles,
  unitName,
  unitsLeft,
  type Role,
  type State,
  type UnitState,
} from './state';

/**
 * What the wizard shows: each formation's entries nearest first, every unit of an entry as a
 * "model" (wounds = 1, or a war engine's damage capacity) with how it is engaged and the hits it
 * has taken in the assault (the wave under way included), its values and abilities as tags; what
 * the wave under way has done as unit notes; Blast markers and Broken on the side (with kills and
 * units left as side notes); and where the assault stands as status lines.
 */

/** The unit's values and abilities, as short tags (its engagement is drawn, not written here). */
function tags(setup: Setup, role: Role, u: UnitState): string[] {
  const e = entryOf(setup, role, u);
  const out = [
    e.cc === null ? 'no CC' : `CC ${e.cc}+`,
    e.ff === null ? 'no FF' : `FF ${e.ff}+`,
    e.armour === null ? 'no save' : `Sv ${e.armour}+`,
  ];
  if (role === 'defender' && e.type === 'infantry' && e.cover !== null) out.push(`cover ${e.cover}+`);
  if (isWarEngine(e)) out.push(`DC ${e.damageCapacity}`);
  if (e.reinforcedArmour) out.push('Reinforced Armour');
  if (e.invulnerable) out.push('Invulnerable 6+');
  if (e.fearless) out.push('Fearless');
  if (e.inspiring) out.push('Inspiring');
  for (const w of e.weapons)
    out.push(
      `${w.name}: EA+${w.extraAttacks} (${w.use.toUpperCase()})${w.macroWeapon ? ' MW' : ''}${w.firstStrike ? ' FS' : ''}`,
    );
  return out;
}

interface WaveHits {
  /** What the wave under way has done to each unit, in words ("2 hits allocated (1 Macro-weapon)"). */
  words: Map<number, string>;
  /** Per unit: hits allocated in the wave, saved so far, still to be rolled for. */
  counts: Map<number, { taken: number; saved: number; pending: number }>;
}

/** The hits of the wave under way on each unit of a side, before the wave's end adds them to the unit. */
function waveHits(state: State, role: Role): WaveHits {
  const out: WaveHits = { words: new Map(), counts: new Map() };
  if (state.phase.at !== 'wave') return out;
  const on = state.phase.wave.on[role];
  if (on.saves) {
    const byUnit = new Map<number, { hits: number; saved: number; unsaved: number; open: number }>();
    for (const h of on.saves) {
      const x = byUnit.get(h.unit) ?? { hits: 0, saved: 0, unsaved: 0, open: 0 };
      x.hits++;
      if (h.stage === 'saved') x.saved++;
      else if (h.stage === 'unsaved') x.unsaved++;
      else x.open++;
      byUnit.set(h.unit, x);
    }
    byUnit.forEach((x, unit) => {
      const u = state.units[role][unit]!;
      // Hits on a unit its failed saves already destroy are never rolled for: nothing is pending there.
      const moot = certainlyDestroyed(entryOf(state.setup, role, u), u, on.saves!, unit);
      out.counts.set(unit, { taken: x.hits, saved: x.saved, pending: moot ? 0 : x.open });
      out.words.set(
        unit,
        `${plural(x.hits, 'hit')} taken${x.saved ? `, ${x.saved} saved` : ''}${x.unsaved ? `, ${x.unsaved} unsaved` : ''}`,
      );
    });
  } else if (on.given) {
    on.given.forEach(([m, n], unit) => {
      if (m + n === 0) return;
      out.counts.set(unit, { taken: m + n, saved: 0, pending: m + n });
      out.words.set(unit, `${plural(m + n, 'hit')} allocated${m > 0 ? ` (${m} Macro-weapon)` : ''}`);
    });
  }
  return out;
}

function entryView(state: State, role: Role, entry: number, wave: WaveHits): UnitView {
  const e = state.setup[role].units[entry]!;
  const models: ModelView[] = [];
  const notes: string[] = [];
  state.units[role].forEach((u, i) => {
    if (u.entry !== entry) return;
    const wounds = isWarEngine(e) ? e.damageCapacity : 1;
    const now = wave.counts.get(i) ?? { taken: 0, saved: 0, pending: 0 };
    models.push({
      id: `${role}.${i}`,
      name: unitName(state.setup, role, u),
      wounds,
      woundsLeft: u.left,
      destroyed: !alive(u),
      character: false,
      tags: tags(state.setup, role, u),
      engagement: u.engaged,
      hits: { taken: u.hits + now.taken, saved: u.saved + now.saved, pending: now.pending },
    });
    const h = wave.words.get(i);
    if (h) notes.push(`${unitName(state.setup, role, u)}: ${h}`);
  });
  return { name: `${e.name}${e.count > 1 ? ` ×${e.count}` : ''}`, models, notes };
}

function supportView(setup: Setup, role: Role): UnitView[] {
  return setup[role].support.map((s, i) => ({
    name: `${s.name}${s.count > 1 ? ` ×${s.count}` : ''} (support)`,
    models: Array.from({ length: s.count }, (_, k) => ({
      id: `${role}.support.${i}.${k}`,
      name: s.count > 1 ? `${s.name} #${k + 1}` : s.name,
      wounds: 1,
      woundsLeft: 1,
      destroyed: false,
      character: false,
      tags: [
        s.ff === null ? 'no FF' : `FF ${s.ff}+`,
        ...(s.inspiring ? ['Inspiring'] : []),
        ...s.weapons.map((w) => `${w.name}: EA+${w.extraAttacks}${w.macroWeapon ? ' MW' : ''}`),
      ],
      engagement: 'support' as const,
    })),
    notes: [
      notSupportingWhy(s)
        ? `no supporting fire: ${notSupportingWhy(s)}`
        : 'supporting fire from another formation: cannot be hit',
    ],
  }));
}

export function statusLines(state: State): string[] {
  const phase = state.phase;
  const round = `Assault round ${state.round}`;
  switch (phase.at) {
    case 'a3':
      return [`${round} · A3 counter-charges`];
    case 'wave': {
      const w = phase.wave;
      const step = w.kind === 'support' ? 'A5 supporting fire' : `A4 ${waveName[w.kind]}`;
      const lines = [`${round} · ${step}`];
      for (const role of roles) {
        const on = w.on[role];
        const h = on.hits.macro + on.hits.normal;
        if (h === 0 && w.groups.length > 0) continue;
        const rest = on.given ? remainingOf(on.hits, on.given) : on.hits;
        lines.push(
          `Hits on ${state.setup[role].name}: ${hitsText(on.hits)}${on.saves ? ' · saving' : on.given && rest.macro + rest.normal < h ? ` · ${rest.macro + rest.normal} still to allocate` : ''}`,
        );
      }
      // Who allocates or saves now is the step's own title: both sides' saves are one step.
      if (w.groups.length > 0)
        lines.push(
          `Dice still to roll: ${w.groups.map((g) => `${state.setup[g.by].name} ${g.dice} × ${g.value}+${g.macro ? ' MW' : ''}`).join(', ')}`,
        );
      return lines;
    }
    case 'a4':
      return [`${round} · A4 outcome`];
    case 'a5':
      return [`${round} · A5 outcome`];
    case 'a6':
    case 'result':
      return [`${round} · A6 assault result`];
    case 'extra':
      return [`${round} · A6 extra hits on ${state.setup[phase.role].name}`];
    case 'withdraw':
      return [`${round} · A7 withdrawal of ${state.setup[phase.role].name}`];
    case 'end':
      return [`The assault is over after ${plural(state.round, 'round')}`];
  }
}

export function viewOf(state: State): CombatView {
  const side = (role: Role) => {
    const hits = waveHits(state, role);
    return {
      name: state.setup[role].name,
      units: [
        ...state.setup[role].units.map((_, entry) => entryView(state, role, entry, hits)),
        ...supportView(state.setup, role),
      ],
      notes: sideNotes(state, role),
      blastMarkers: state.blastMarkers[role],
      broken: state.broken[role],
    };
  };
  return {
    sides: { attacker: side('attacker'), defender: side('defender') },
    log: state.log,
    status: [
      ...statusLines(state),
      `Units left: ${roles.map((r) => `${state.setup[r].name} ${unitsLeft(state.units[r])}`).join(', ')}`,
    ],
  };
}
