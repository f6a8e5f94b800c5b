import { useParams } from 'react-router';
import { slug } from '../../../core/api/slug';
import { useClient } from '../api/ClientContext';
import { HostData } from '../api/HostData';
import { useHostQuery } from '../api/hostQuery';
import { CombatSheet } from './CombatSheet';
import { PrintFrame, useStepLog } from './PrintFrame';

/** /print/combat/:id — one stored combat's summary, ready to print or save as PDF. */
export function PrintCombatPage() {
  const { id = '' } = useParams();
  const client = useClient();
  const summary = useHostQuery(['history.summary', id], () => client.historySummary({ id }));
  // The combat as the wizard sees it at its last step: a ranks game prints its rank diagrams from it.
  const combat = useHostQuery(['combat', id], () => client.combatGet({ id }));
  const back = { to: `/history/${id}`, label: 'Back to the replay' };
  const title = summary.data?.summary.title ?? 'combat';
  const steps = useStepLog();
  return (
    <PrintFrame
      back={back}
      fileName={`${slug(title) || 'combat'}.pdf`}
      ready={summary.isSuccess && !combat.isPending}
      stepLog
    >
      <HostData query={summary} what="combat summary" back={back}>
        {(data) => <CombatSheet summary={data.summary} view={combat.data?.view} steps={steps} />}
      </HostData>
    </PrintFrame>
  );
}
