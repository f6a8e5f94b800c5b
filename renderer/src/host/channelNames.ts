import type { Channel } from '../../../core/api/contract';

/**
 * Every channel of the contract, by name only: all the page needs to build its client. Importing
 * the contract itself would build every zod schema on the page at start (about 100 ms of the main
 * thread here, and 115 kB of the first script) though only the host validates.
 * TypeScript keeps this list equal to the contract: a channel missing here, or one the contract
 * does not have, fails `npm run typecheck`.
 */
const names = {
  'app.info': true,
  'app.echo': true,
  'combat.systems': true,
  'combat.start': true,
  'combat.preview': true,
  'combat.sideFromRoster': true,
  'combat.setupForm': true,
  'combat.get': true,
  'combat.odds': true,
  'combat.at': true,
  'combat.advance': true,
  'combat.roll': true,
  'combat.undo': true,
  'roster.profileForm': true,
  'roster.list': true,
  'roster.get': true,
  'roster.save': true,
  'roster.delete': true,
  'roster.duplicate': true,
  'unit.save': true,
  'unit.delete': true,
  'roster.export': true,
  'roster.checkImport': true,
  'roster.import': true,
  'roster.previewImport': true,
  'roster.matchups': true,
  'roster.matchupSetup': true,
  'combat.history': true,
  'history.get': true,
  'history.delete': true,
  'file.save': true,
  'file.open': true,
  'history.summary': true,
  'history.report': true,
  'history.exportReport': true,
  'history.export': true,
  'print.print': true,
  'print.savePdf': true,
} as const satisfies Record<Channel, true>;

export const channelNames = Object.keys(names) as Channel[];
