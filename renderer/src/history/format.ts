import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { systemName } from '../rosters/labels';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A stored timestamp as the reader's locale writes a date and time. */
export function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A rule system's name as the host gives it (falling back to the roster names, then the id). */
export function useSystemNames(): (id: string) => string {
  const client = useClient();
  const systems = useHostQuery(['combat.systems'], () => client.combatSystems({}));
  return (id) => systems.data?.find((s) => s.id === id)?.name ?? systemName(id);
}
