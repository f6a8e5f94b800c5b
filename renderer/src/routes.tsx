import { Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { CombatPage } from './sections/CombatPage';
import { AppLayout } from './shell/AppLayout';
import { RouteError } from './shell/RouteError';

/**
 * A screen whose code is fetched the first time it is opened (and then kept, offline too, by the
 * service worker in the browser build). Only the frame and the first screen, Combat, are in the
 * script the app starts with: the rosters editor, the wizard, the history and the print views
 * are not needed to show it.
 */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await load())[name] });
}

/** Shown when the app opens straight on a screen loaded on first use, until its code is there. */
const opening = <Loader aria-label="Opening Combat Companion" m="xl" />;

// Hash routes (#/combat): they work the same from app://, from a file, from a dev server and from
// any folder of a web server.
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: opening,
    children: [
      { index: true, element: <Navigate to="/combat" replace /> },
      { path: 'rosters', lazy: screen(() => import('./sections/RostersPage'), 'RostersPage') },
      { path: 'rosters/:id', lazy: screen(() => import('./rosters/RosterPage'), 'RosterPage') },
      { path: 'rosters/:id/units/new', lazy: screen(() => import('./rosters/UnitEditorPage'), 'UnitEditorPage') },
      { path: 'rosters/:id/units/:unitId', lazy: screen(() => import('./rosters/UnitEditorPage'), 'UnitEditorPage') },
      { path: 'matchups', lazy: screen(() => import('./matchups/MatchupsPage'), 'MatchupsPage') },
      { path: 'combat', element: <CombatPage /> },
      { path: 'combat/new/:system', lazy: screen(() => import('./combat/setup/CombatSetupPage'), 'CombatSetupPage') },
      { path: 'combat/play/:id', lazy: screen(() => import('./combat/WizardPage'), 'WizardPage') },
      { path: 'history', lazy: screen(() => import('./sections/HistoryPage'), 'HistoryPage') },
      { path: 'history/:id', lazy: screen(() => import('./history/ReplayPage'), 'ReplayPage') },
      { path: 'settings', lazy: screen(() => import('./sections/SettingsPage'), 'SettingsPage') },
      { path: 'about', lazy: screen(() => import('./sections/AboutPage'), 'AboutPage') },
    ],
  },
  // Print views stand outside the app frame: a printout holds the document and nothing else.
  {
    path: 'print/combat/:id',
    lazy: screen(() => import('./print/PrintCombatPage'), 'PrintCombatPage'),
    errorElement: <RouteError />,
    hydrateFallbackElement: opening,
  },
  {
    path: 'print/report',
    lazy: screen(() => import('./print/PrintReportPage'), 'PrintReportPage'),
    errorElement: <RouteError />,
    hydrateFallbackElement: opening,
  },
];
