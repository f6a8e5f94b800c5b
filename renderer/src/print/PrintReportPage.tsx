import { Button, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { saveTextFile } from '../host/files';
import { useSearchParams } from 'react-router';
import type { RequestOf } from '../../../core/api/contract';
import type { Report } from '../../../core/api/view';
import { useClient } from '../api/ClientContext';
import { HostData } from '../api/HostData';
import { unwrap, useHostQuery } from '../api/hostQuery';
import { when } from '../history/format';
import { CombatSheet } from './CombatSheet';
import { PrintFrame } from './PrintFrame';

/** The report's request from the address: ?from=…&to=…&rosterId=… or ?ids=a,b. */
export function reportRequest(params: URLSearchParams): RequestOf<'history.report'> {
  const request: RequestOf<'history.report'> = {};
  const from = params.get('from');
  const to = params.get('to');
  const rosterId = params.get('rosterId');
  const ids = params.get('ids');
  if (from) request.from = from;
  if (to) request.to = to;
  if (rosterId) request.rosterId = rosterId;
  if (ids) request.ids = ids.split(',').filter(Boolean);
  return request;
}

/** /print/report — several stored combats as one document: contents, tally, then each combat. */
export function PrintReportPage() {
  const client = useClient();
  const [params] = useSearchParams();
  const request = reportRequest(params);
  const report = useHostQuery(['history.report', request], () => client.historyReport(request));
  const back = { to: '/history', label: 'Back to the history' };
  return (
    <PrintFrame
      back={back}
      fileName="club-night-report.pdf"
      ready={report.isSuccess}
      actions={report.isSuccess ? <ReportMarkdown request={request} /> : null}
    >
      <HostData query={report} what="report" back={back}>
        {(data) => <ReportDocument report={data.report} />}
      </HostData>
    </PrintFrame>
  );
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The days a report covers, as the reader writes dates: `to` is exclusive, so its day is the one before. */
function periodText(from: string | null, to: string | null): string {
  const first = from ? dayFormat.format(new Date(from)) : null;
  const last = to ? dayFormat.format(new Date(Date.parse(to) - 1)) : null;
  if (first && last) return first === last ? `on ${first}` : `from ${first} to ${last}`;
  if (first) return `since ${first}`;
  return last ? `until ${last}` : '';
}

function ReportDocument({ report }: { report: Report }) {
  const period = periodText(report.from, report.to);
  return (
    <>
      <section className="report-front" data-testid="report-front">
        <h1>{report.title}</h1>
        <p className="muted">
          {report.combats.length} {report.combats.length === 1 ? 'combat' : 'combats'}
          {period && ` ${period}`}
        </p>
        {report.combats.length === 0 ? (
          <p>No stored combat matches: choose another period or roster.</p>
        ) : (
          <>
            <h2>Contents</h2>
            <ol data-testid="report-contents">
              {report.contents.map((c) => (
                <li key={c.id}>
                  <b>{c.title}</b> — {when(c.startedAt)} · {c.result}
                  {c.winner && ` · won by ${c.winner}`}
                </li>
              ))}
            </ol>
            <h2>Tally</h2>
            <table data-testid="report-tally">
              <thead>
                <tr>
                  <th>Force</th>
                  <th className="num">Combats</th>
                  <th className="num">Won</th>
                  <th className="num">Lost</th>
                  <th className="num">Drawn</th>
                  <th className="num">Models destroyed</th>
                  <th className="num">Models lost</th>
                </tr>
              </thead>
              <tbody>
                {report.tally.map((t) => (
                  <tr key={t.key}>
                    <td>
                      {t.name}
                      {t.rosterId === null && <span className="why">unit, not traced to a roster</span>}
                    </td>
                    <td className="num">{t.combats}</td>
                    <td className="num">{t.won}</td>
                    <td className="num">{t.lost}</td>
                    <td className="num">{t.drawn}</td>
                    <td className="num">{t.modelsDestroyed}</td>
                    <td className="num">{t.modelsLost}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="why">
              A win is what the rules of each game call one (in 10th edition: the target unit wiped out).
            </p>
          </>
        )}
      </section>
      {report.combats.map((summary) => (
        <CombatSheet key={summary.id} summary={summary} inReport />
      ))}
    </>
  );
}

/** The same report as Markdown, for a club forum or chat: the host writes it, as it does a combat's. */
function ReportMarkdown({ request }: { request: RequestOf<'history.report'> }) {
  const client = useClient();
  const saved = useMutation({
    mutationFn: async () => {
      const file = unwrap(await client.historyExportReport({ ...request, format: 'markdown' }));
      return saveTextFile(client, file.fileName, file.kind, file.content);
    },
  });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileText />}
        onClick={() => saved.mutate()}
        loading={saved.isPending}
        data-testid="report-markdown"
      >
        Markdown
      </Button>
      {saved.isSuccess && saved.data.saved && (
        <Text c="green.8">Saved to {saved.data.where ?? 'the chosen file'}.</Text>
      )}
      {saved.isError && (
        <Text c="red" data-testid="report-markdown-error">
          {saved.error.message}
        </Text>
      )}
    </>
  );
}
