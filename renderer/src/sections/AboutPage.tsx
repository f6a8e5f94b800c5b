import { Alert, Badge, Card, Group, Loader, Table, Text } from '@mantine/core';
import type { AppInfo } from '../../../core/api/contract';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { BrowserStorageRows } from './BrowserStorageRows';
import { Section } from './Section';
import { cannotSaveWords } from './storeWords';

/** Where the app runs, in a player's words. */
const hostLabels: Record<AppInfo['host'], string> = {
  desktop: 'Desktop app',
  browser: 'Browser (in this tab; works offline once loaded)',
};

const storeColors: Record<AppInfo['store']['state'], string> = {
  ready: 'green',
  recovered: 'orange',
  unavailable: 'gray',
  full: 'red',
};

export function AboutPage() {
  const client = useClient();
  const info = useHostQuery(['app.info'], () => client.appInfo({}));

  return (
    <Section title="About" intro="Which version is running, where, and the state of the roster store.">
      {info.isPending && <Loader aria-label="Loading" />}
      {info.isError && (
        <Alert color="red" title="The app did not answer">
          {info.error.message}
        </Alert>
      )}
      {info.isSuccess && cannotSaveWords(info.data.store) && (
        <Alert color="red" title="Not saving" mb="md" data-testid="about-cannot-save">
          {cannotSaveWords(info.data.store)}
        </Alert>
      )}
      {info.isSuccess && (
        <Card withBorder padding="lg" data-testid="about-panel">
          <Table fz="lg" verticalSpacing="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={180}>Name</Table.Th>
                <Table.Td data-testid="about-name">{info.data.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Td data-testid="about-version">{info.data.version}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Runs as</Table.Th>
                <Table.Td data-testid="about-host">{hostLabels[info.data.host]}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Roster store</Table.Th>
                <Table.Td>
                  <Group gap="sm">
                    <Badge size="lg" color={storeColors[info.data.store.state]} data-testid="about-store-state">
                      {info.data.store.state}
                    </Badge>
                    <Text>{info.data.store.message}</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
              {info.data.host === 'browser' && <BrowserStorageRows />}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Section>
  );
}
