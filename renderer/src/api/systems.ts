import { useClient } from './ClientContext';
import { useHostQuery } from './hostQuery';

/** The rule systems the host offers (its registry), as it names them. */
export function useSystems() {
  const client = useClient();
  return useHostQuery(['combat.systems'], () => client.combatSystems({}));
}

/** A rule system's name as the host gives it (its id until the list has come). */
export function useSystemNames(): (id: string) => string {
  const systems = useSystems();
  return (id) => systems.data?.find((s) => s.id === id)?.name ?? id;
}

/** The systems as the choices of a drop-down. */
export function useSystemOptions(): Array<{ value: string; label: string }> {
  return (useSystems().data ?? []).map(({ id, name }) => ({ value: id, label: name }));
}
