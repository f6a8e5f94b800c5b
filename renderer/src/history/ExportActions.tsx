import { Alert, Button, Group } from '@mantine/core';
import { IconFileText, IconJson, IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useClient } from '../api/ClientContext';
import { unwrap } from '../api/hostQuery';
import { saveTextFile } from '../host/files';

/**
 * A stored combat, to hand on: the print view (Print… and Save as PDF… are there), and the same
 * summary as Markdown for forums and chat, or as JSON with the stored log.
 */
export function ExportActions({ id }: { id: string }) {
  const client = useClient();
  const exported = useMutation({
    mutationFn: async (format: 'markdown' | 'json') => {
      const file = unwrap(await client.historyExport({ id, format }));
      return saveTextFile(client, file.fileName, file.kind, file.content);
    },
  });
  return (
    <>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPrinter />}
          component={Link}
          to={`/print/combat/${id}`}
          data-testid="print-combat"
        >
          Print / PDF
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileText />}
          onClick={() => exported.mutate('markdown')}
          loading={exported.isPending && exported.variables === 'markdown'}
          data-testid="export-markdown"
        >
          Markdown
        </Button>
        <Button
          variant="default"
          leftSection={<IconJson />}
          onClick={() => exported.mutate('json')}
          loading={exported.isPending && exported.variables === 'json'}
          data-testid="export-json"
        >
          JSON
        </Button>
      </Group>
      {exported.isSuccess && exported.data.saved && (
        <Alert color="green" data-testid="export-result" withCloseButton onClose={() => exported.reset()}>
          Saved to {exported.data.where ?? 'the chosen file'}.
        </Alert>
      )}
      {exported.isError && <Alert color="red">{exported.error.message}</Alert>}
    </>
  );
}
