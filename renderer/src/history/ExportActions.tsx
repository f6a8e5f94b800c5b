import { Alert, Button, Group } from '@mantine/core';
import { IconFileText, IconJson, IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useClient } from '../api/ClientContext';
import { unwrap } from '../api/hostQuery';
import { saveTextFile } from '../host/files';

/** The files a stored combat is saved as, each a button: for forums and chat, and with the stored log. */
const formats = [
  { format: 'markdown', label: 'Markdown', icon: <IconFileText /> },
  { format: 'json', label: 'JSON', icon: <IconJson /> },
] as const;

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
        {formats.map(({ format, label, icon }) => (
          <Button
            key={format}
            variant="default"
            leftSection={icon}
            onClick={() => exported.mutate(format)}
            loading={exported.isPending && exported.variables === format}
            data-testid={`export-${format}`}
          >
            {label}
          </Button>
        ))}
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
