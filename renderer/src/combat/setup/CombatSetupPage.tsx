import { useParams } from 'react-router';
import { SchemaSetup } from './SchemaSetup';

/**
 * /combat/new/:system — the setup screen of that system (the host says when there is no such
 * system, and sends its schema and layout). Loaded on first use: the Combat screen that lists the
 * systems starts without the forms.
 */
export function CombatSetupPage() {
  const { system = '' } = useParams();
  return <SchemaSetup key={system} system={system} />;
}
