import { Affix, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMatch } from 'react-router';
import { useOfflineStatus, type OfflineStatus } from '../offline/status';

/**
 * Says a new version is ready and reloads into it when asked: never by itself, and not at all
 * while a combat is being played (its screen keeps the code it started with; the offer comes
 * back as soon as the players leave it). "Later" hides this offer until the next one.
 */
export function UpdateNotice() {
  const status = useOfflineStatus();
  const inCombat = useMatch('/combat/play/:id') !== null;
  const [dismissed, setDismissed] = useState<OfflineStatus | null>(null);
  if (status.kind !== 'update-ready' || inCombat || dismissed === status) return null;
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={300}>
      <Paper withBorder shadow="lg" p="lg" maw={440} m="xs" role="status" aria-live="polite" data-testid="update-notice">
        <Stack gap="sm">
          <Title order={2} size="h4">
            A new version is ready
          </Title>
          <Text>It is stored for offline use already. Reload to start using it: rosters and combats stay as they are.</Text>
          <Group>
            <Button onClick={status.reload} data-testid="update-reload">
              Reload now
            </Button>
            <Button variant="default" onClick={() => setDismissed(status)}>
              Later
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
