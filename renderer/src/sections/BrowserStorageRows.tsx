import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useOfflineStatus, type OfflineStatus } from '../offline/status';
import { describePersistence, describeUsage, readStorage } from '../offline/storage';

const offlineWords: Record<OfflineStatus['kind'], { badge: string; color: string; text: string }> = {
  unavailable: {
    badge: 'not set up',
    color: 'gray',
    text: 'This page is not kept for offline use (the development server, or a browser without service workers).',
  },
  storing: {
    badge: 'storing',
    color: 'blue',
    text: 'The app is being stored in this browser; keep the page open a moment.',
  },
  ready: {
    badge: 'ready',
    color: 'green',
    text: 'This version is stored in this browser: it opens and works with the network off.',
  },
  'update-ready': { badge: 'update ready', color: 'orange', text: 'A new version is stored: reload to use it.' },
  failed: {
    badge: 'failed',
    color: 'red',
    text: 'The app could not be stored for offline use; it works while the network is on.',
  },
};

/** About's rows for the browser app: offline use, and whether the browser keeps its data. */
export function BrowserStorageRows() {
  const offline = useOfflineStatus();
  const storage = useQuery({ queryKey: ['browser-storage'], queryFn: () => readStorage() });
  const ask = useMutation({ mutationFn: () => navigator.storage.persist(), onSettled: () => storage.refetch() });
  const words = offlineWords[offline.kind];
  return (
    <>
      <Table.Tr>
        <Table.Th>Offline use</Table.Th>
        <Table.Td>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Badge size="lg" color={words.color} data-testid="about-offline-state" style={{ flexShrink: 0 }}>
              {words.badge}
            </Badge>
            <Text>{offline.kind === 'failed' ? `${words.text} (${offline.message})` : words.text}</Text>
          </Group>
        </Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Th>Browser storage</Table.Th>
        <Table.Td>
          {storage.isPending && <Text c="dimmed">Asking the browser…</Text>}
          {storage.isError && <Text c="red">{`The browser did not say: ${storage.error.message}`}</Text>}
          {storage.isSuccess && (
            <Stack gap="xs" align="flex-start">
              <Text data-testid="about-storage-persistence">{describePersistence(storage.data.persistent)}</Text>
              <Text data-testid="about-storage-usage">{describeUsage(storage.data.usage, storage.data.quota)}</Text>
              {storage.data.persistent === false && (
                <Button
                  variant="default"
                  size="md"
                  loading={ask.isPending}
                  onClick={() => ask.mutate()}
                  data-testid="about-storage-ask"
                >
                  Ask the browser to keep it
                </Button>
              )}
              {ask.isSuccess && !ask.data && (
                <Text c="dimmed">
                  The browser said no for now. Installing the app (Add to Home Screen) usually changes its mind.
                </Text>
              )}
            </Stack>
          )}
        </Table.Td>
      </Table.Tr>
    </>
  );
}
