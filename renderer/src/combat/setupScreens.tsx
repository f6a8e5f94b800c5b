import { lazy, type ComponentType } from 'react';

/**
 * The setup screen of each rule system the host offers (the wizard itself is shared). Each is
 * loaded when first opened, so the Combat screen that lists them starts without their code
 * (shell/AppLayout.tsx shows a loader meanwhile).
 */
export const setupScreens: Record<string, ComponentType> = {
  'wh40k-10e': lazy(() => import('./setup/Wh40k10eSetup').then((m) => ({ default: m.Wh40k10eSetup }))),
  'old-world': lazy(() => import('./setup/OldWorldSetup').then((m) => ({ default: m.OldWorldSetup }))),
};
