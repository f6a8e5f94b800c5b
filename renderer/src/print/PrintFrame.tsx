import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { offered, type DeviceChoice } from '../keptChoice';
import { pageSize, paperChoice, stepLogChoice, type Paper, type StepLog } from './paper';
import { printThisPage, saveThisPageAsPdf, type PrintResult } from './printing';
import './print.css';

/**
 * The frame of a print view: a toolbar (back, paper, Print…, Save as PDF…) that never prints, and
 * the document on a sheet. The paper is kept in the address (?paper=letter), so a reload or a
 * shared link prints the same, and it sets the `@page` size the printout and the PDF use; the
 * paper chosen is also remembered on this device for the next print. A combat sheet also chooses
 * how much of its step log to print (?steps=compact|full|none), remembered the same way: every
 * step with its reasons until "one line each" or "no steps" is chosen.
 */
export function PrintFrame({
  back,
  fileName,
  ready,
  actions,
  stepLog = false,
  children,
}: {
  back: { to: string; label: string };
  fileName: string;
  ready: boolean;
  /** More buttons for the toolbar (e.g. a report's Markdown export). */
  actions?: ReactNode;
  /** Offer the choice of step log (combat sheets); the children read it with `useStepLog`. */
  stepLog?: boolean;
  children: ReactNode;
}) {
  const client = useClient();
  const info = useHostQuery(['app.info'], () => client.appInfo({}));
  const { paper, choosePaper, steps, chooseSteps } = usePrintChoices();
  const { busy, result, run } = usePrintRun();

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
          <ToolbarChoice choice={paperChoice} value={paper} onChange={choosePaper} label="Paper size" testId="paper" />
          {stepLog && (
            <ToolbarChoice
              choice={stepLogChoice}
              value={steps}
              onChange={chooseSteps}
              label="Step log"
              testId="step-log"
            />
          )}
          <PrintButtons
            ready={ready}
            busy={busy}
            onPrint={() => void run(() => printThisPage(client, paper))}
            onSavePdf={() => void run(() => saveThisPageAsPdf(client, paper, fileName))}
          />
          {actions}
        </Group>
        {info.data?.host === 'browser' && (
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

/**
 * The paper and the step log: from the address, else as last chosen on this device (else the
 * locale's paper, every step); a choice goes into the address and is remembered.
 */
function usePrintChoices() {
  const [params, setParams] = useSearchParams();
  const paper: Paper = asked(params, 'paper', paperChoice);
  const steps = useStepLog();
  /** A choice made here: remembered on this device, and put in the address. */
  const chooser =
    <T extends string>(key: string, choice: DeviceChoice<T>) =>
    (value: string) => {
      if (!choice.isValue(value)) return;
      choice.remember(value);
      const next = new URLSearchParams(params);
      next.set(key, value);
      setParams(next, { replace: true });
    };
  return { paper, choosePaper: chooser('paper', paperChoice), steps, chooseSteps: chooser('steps', stepLogChoice) };
}

/** The value the address asks for (`?key=…`) where the choice knows it, else the one in force on this device. */
function asked<T extends string>(params: URLSearchParams, key: string, choice: DeviceChoice<T>): T {
  const value = params.get(key);
  return choice.isValue(value) ? value : choice.current();
}

/** One of the toolbar's choices (the paper, the step log): its values side by side, named for a screen reader. */
function ToolbarChoice<T extends string>({
  choice,
  value,
  onChange,
  label,
  testId,
}: {
  choice: DeviceChoice<T>;
  value: T;
  onChange: (value: string) => void;
  label: string;
  testId: string;
}) {
  return (
    <SegmentedControl
      size="lg"
      value={value}
      onChange={onChange}
      data={offered(choice)}
      aria-label={label}
      data-testid={testId}
    />
  );
}

/** Printing or saving a PDF: busy meanwhile, then where it went or why it failed, in words. */
function usePrintRun() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
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
  return { busy, result, run };
}

function PrintButtons({
  ready,
  busy,
  onPrint,
  onSavePdf,
}: {
  ready: boolean;
  busy: boolean;
  onPrint: () => void;
  onSavePdf: () => void;
}) {
  return (
    <>
      <Button leftSection={<IconPrinter />} onClick={onPrint} disabled={!ready} loading={busy} data-testid="print">
        Print…
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileTypePdf />}
        onClick={onSavePdf}
        disabled={!ready}
        loading={busy}
        data-testid="save-pdf"
      >
        Save as PDF…
      </Button>
    </>
  );
}

/** The step log a combat sheet prints: from the address (?steps=…), else as last chosen on this device, else in full. */
export function useStepLog(): StepLog {
  const [params] = useSearchParams();
  return asked(params, 'steps', stepLogChoice);
}
