import type { SetupLayout } from '../../combat/setupLayout';
import { marineLine } from './example';

/** A model group's profile line, as a codex prints it (BS left out: a close combat never uses it). */
const profileLine = ['weaponSkill', 'strength', 'toughness', 'wounds', 'initiative', 'attacks', 'leadership', 'save'];

/** What "Add models with another profile" starts from: a plain trooper (the example's Space Marine line, 4+ save) with a close combat weapon. */
const newGroup = {
  name: '',
  count: 1,
  ...marineLine,
  save: 4,
  invulnerable: null,
  feelNoPain: null,
  eternalWarrior: false,
  twoWeapons: false,
  weapon: { name: 'Close combat weapon', strength: 'user', ap: null, unwieldy: false },
};

const side = { order: ['name', 'charged', 'fearless', 'stubborn', 'atsknf', 'models'] };

/** Warhammer 40,000 7th edition close combat: two units, each of groups of identical models. */
export const wh40k7eLayout: SetupLayout = {
  title: '40k 7th edition close combat — set up the fight',
  intro:
    'Two units locked in combat, each a list of groups of identical models in the order wounds are allocated to them. Numbers as on the profile: Sv 3 means 3+; a weapon\'s Strength is "user", a number, "+1", "x2" or "D".',
  sideNotes: { attacker: 'the unit whose turn it is (usually the one that charged)', defender: 'the unit it fights' },
  fields: {
    // ('*' alone would also match the setup's "system".)
    attacker: side,
    defender: side,
    '*.models': { addLabel: 'Add models with another profile', newItem: newGroup },
    '*.models[]': {
      order: ['name', 'count', ...profileLine, 'weapon', 'twoWeapons'],
      statLine: profileLine,
      advanced: ['invulnerable', 'feelNoPain', 'eternalWarrior'],
      // Short enough for one line on a tablet.
      advancedLabel: 'Invulnerable, FNP, Eternal Warrior',
    },
    '*.models[].save': { noneLabel: '–' },
  },
  // A roster unit is the whole side: its name, rules and model groups (whether it charged stays as ticked).
  fromRoster: [
    { at: 'attacker', label: 'From roster' },
    { at: 'defender', label: 'From roster' },
  ],
};
