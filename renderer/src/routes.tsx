import { Navigate, type RouteObject } from 'react-router';
import { AboutPage } from './sections/AboutPage';
import { WizardPage } from './combat/WizardPage';
import { CombatPage, CombatSetupPage } from './sections/CombatPage';
import { ReplayPage } from './history/ReplayPage';
import { PrintCombatPage } from './print/PrintCombatPage';
import { PrintReportPage } from './print/PrintReportPage';
import { RosterPage } from './rosters/RosterPage';
import { UnitEditorPage } from './rosters/UnitEditorPage';
import { HistoryPage } from './sections/HistoryPage';
import { RostersPage } from './sections/RostersPage';
import { SettingsPage } from './sections/SettingsPage';
import { AppLayout } from './shell/AppLayout';
import { RouteError } from './shell/RouteError';

// Hash routes (#/combat): they work the same from app://, from a file and from a dev server.
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/combat" replace /> },
      { path: 'rosters', element: <RostersPage /> },
      { path: 'rosters/:id', element: <RosterPage /> },
      { path: 'rosters/:id/units/new', element: <UnitEditorPage /> },
      { path: 'rosters/:id/units/:unitId', element: <UnitEditorPage /> },
      { path: 'combat', element: <CombatPage /> },
      { path: 'combat/new/:system', element: <CombatSetupPage /> },
      { path: 'combat/play/:id', element: <WizardPage /> },
      { path: 'history', element: <HistoryPage /> },
      { path: 'history/:id', element: <ReplayPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'about', element: <AboutPage /> },
    ],
  },
  // Print views stand outside the app frame: a printout holds the document and nothing else.
  { path: 'print/combat/:id', element: <PrintCombatPage />, errorElement: <RouteError /> },
  { path: 'print/report', element: <PrintReportPage />, errorElement: <RouteError /> },
];
