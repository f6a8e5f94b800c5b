import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useMatch } from 'react-router';
import { useOfflineStatus, type OfflineStatus } from '../offline/status';

/**
 * Says a new version is ready and reloads into it when asked: never by itself, and not at all
 * while a combat is being played (its screen keeps the code it started with; the offer comes
 * back as soon as the players leave it). "Later" hides this offer until the next one. It sits
 * above the screen rather than over it, so it never covers a control.
 */
export function UpdateNotice() {
  const status = useOfflineStatus();
  const inCombat = useMatch('/combat/play/:id') !== null;
  const [dismissed, setDismissed] = useState<OfflineStatus | null>(null);
  if (status.kind !== 'update-ready' || inCombat || dismissed === status) return null;
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconRefresh />}
      title="A new version is ready"
      mb="lg"
      maw={900}
      role="status"
      data-testid="update-notice"
    >
      <Text mb="sm">
        It is stored for offline use already. Reload to start using it: rosters and combats stay as they are.
      </Text>
      <Group>
        <Button size="md" onClick={status.reload} data-testid="update-reload">
          Reload now
        </Button>
        <Button size="md" variant="default" onClick={() => setDismissed(status)}>
          Later
        </Button>
      </Group>
    </Alert>
  );
}
