import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { defaultPaper, isPaper, pageSize, paperLabels, type Paper } from './paper';
import { printThisPage, saveThisPageAsPdf, type PrintResult } from './printing';
import './print.css';

/**
 * The frame of a print view: a toolbar (back, paper, Print…, Save as PDF…) that never prints, and
 * the document on a sheet. The paper is kept in the address (?paper=letter), so a reload or a
 * shared link prints the same, and it sets the `@page` size the printout and the PDF use.
 */
export function PrintFrame({
  back,
  fileName,
  ready,
  actions,
  children,
}: {
  back: { to: string; label: string };
  fileName: string;
  ready: boolean;
  /** More buttons for the toolbar (e.g. a report's Markdown export). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const client = useClient();
  const info = useHostQuery(['app.info'], () => client.appInfo({}));
  const [params, setParams] = useSearchParams();
  const asked = params.get('paper');
  const paper: Paper = isPaper(asked) ? asked : defaultPaper(navigator.language);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const browser = info.data?.host === 'browser';

  const run = async (action: () => Promise<PrintResult>) => {
    setBusy(true);
    setResult(null);
    try {
      const done = await action();
      if (done.done === 'saved') setResult({ ok: true, text: `Saved to ${done.where ?? 'the chosen file'}.` });
      if (done.done === 'printed') setResult({ ok: true, text: 'Sent to the printer.' });
    } catch (error) {
      setResult({ ok: false, text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const choose = (value: string) => {
    if (!isPaper(value)) return;
    const next = new URLSearchParams(params);
    next.set('paper', value);
    setParams(next, { replace: true });
  };

  return (
    <div className="print-desk">
      <style>{`@page { size: ${pageSize[paper]}; }`}</style>
      <Stack gap="sm" py="md" maw="210mm" mx="auto" className="no-print" data-testid="print-toolbar">
        <Anchor component={Link} to={back.to} size="lg" w="fit-content">
          <Group gap={6}>
            <IconArrowLeft size={20} /> {back.label}
          </Group>
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            size="lg"
            value={paper}
            onChange={choose}
            data={(['a4', 'letter'] as const).map((p) => ({ value: p, label: paperLabels[p] }))}
            aria-label="Paper size"
            data-testid="paper"
          />
          <Button leftSection={<IconPrinter />} onClick={() => void run(() => printThisPage(client, paper))} disabled={!ready} loading={busy} data-testid="print">
            Print…
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileTypePdf />}
            onClick={() => void run(() => saveThisPageAsPdf(client, paper, fileName))}
            disabled={!ready}
            loading={busy}
            data-testid="save-pdf"
          >
            Save as PDF…
          </Button>
          {actions}
        </Group>
        {browser && (
          <Text size="md" c="gray.7">
            For a PDF, choose “Save as PDF” as the destination in the print dialog.
          </Text>
        )}
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} data-testid="print-result">
            {result.text}
          </Alert>
        )}
      </Stack>
      <main className="print-sheet" data-testid="print-sheet" data-paper={paper}>
        {children}
      </main>
    </div>
  );
}
