import type { SetupLayout } from './setup/layout';
import { ninthAgeLayout } from './setup/layouts/ninth-age';
import { epicArmageddonLayout } from './setup/layouts/epic-armageddon';
import { oldWorldLayout } from './setup/layouts/old-world';
import { wh40k10eLayout } from './setup/layouts/wh40k-10e';
import { wh40k7eLayout } from './setup/layouts/wh40k-7e';

/**
 * The layout hint of each rule system's setup screen. Every system the host offers gets the one
 * shared setup screen (SchemaSetup, built from its setup schema); a hint here only adds what the
 * schema cannot say. A system without one still works.
 */
export const setupLayouts: Readonly<Record<string, SetupLayout>> = {
  'wh40k-10e': wh40k10eLayout,
  'old-world': oldWorldLayout,
  'wh40k-7e': wh40k7eLayout,
  'ninth-age': ninthAgeLayout,
  'epic-armageddon': epicArmageddonLayout,
};

export const layoutFor = (system: string): SetupLayout => (Object.hasOwn(setupLayouts, system) ? setupLayouts[system]! : {});
