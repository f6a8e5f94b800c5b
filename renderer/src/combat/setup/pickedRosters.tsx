import { createContext, useCallback, useContext, useMemo, useState } from 'react';

/**
 * The rosters a setup screen picked units from. "Pick from roster" adds to it wherever it sits in
 * the form; the setup sends the ids with combat.start so the stored combat knows its rosters
 * (club-night reports tally by roster).
 */
const PickedRosters = createContext<((rosterId: string) => void) | null>(null);

export const PickedRostersProvider = PickedRosters.Provider;

/** The ids picked so far, and the function the provider hands down. */
export function usePickedRosterIds(initial: readonly string[] = []): [string[], (rosterId: string) => void] {
  const [ids, setIds] = useState<string[]>(() => [...initial]);
  const add = useCallback(
    (rosterId: string) => setIds((now) => (now.includes(rosterId) ? now : [...now, rosterId])),
    [],
  );
  return useMemo(() => [ids, add], [ids, add]);
}

/** For RosterPicker: record a roster a unit was picked from (nothing outside a provider). */
export const useRecordPickedRoster = () => useContext(PickedRosters);
