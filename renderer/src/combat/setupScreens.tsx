import type { ComponentType } from 'react';
import { OldWorldSetup } from './setup/OldWorldSetup';
import { Wh40k10eSetup } from './setup/Wh40k10eSetup';

/** The setup screen of each rule system the host offers (the wizard itself is shared). */
export const setupScreens: Record<string, ComponentType> = {
  'wh40k-10e': Wh40k10eSetup,
  'old-world': OldWorldSetup,
};
