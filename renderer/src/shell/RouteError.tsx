import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { codeLoadFailure, currentPageState, OFFLINE_BEFORE_STORED } from '../offline/staleCode';

/** Shown instead of a blank page when a screen fails or an address does not exist. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const failure = codeLoadFailure(error, currentPageState());
  if (failure) {
    return (
      <Stack p="xl" maw={700}>
        {failure === 'offline' ? (
          <Alert color="yellow" title="This screen is not stored for offline use yet" data-testid="offline-not-stored">
            {OFFLINE_BEFORE_STORED}
          </Alert>
        ) : (
          <Alert color="yellow" title="This screen needs a reload" data-testid="stale-code">
            A new version of the app was installed while this page was open, and this screen belongs to it. Reload to
            open it: rosters and combats stay as they are.
          </Alert>
        )}
        <Group>
          <Button onClick={() => window.location.reload()} w="fit-content">
            Reload
          </Button>
          <Button component={Link} to="/combat" variant="default" w="fit-content">
            Back to Combat
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack p="xl" maw={700}>
      <Alert color={notFound ? 'yellow' : 'red'} title={notFound ? 'There is no such page' : 'This screen failed'}>
        {notFound ? 'The address does not match any section.' : error instanceof Error ? error.message : String(error)}
      </Alert>
      <Button component={Link} to="/combat" w="fit-content">
        Back to Combat
      </Button>
    </Stack>
  );
}
