import { Alert, Button, Stack } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown instead of a blank page when a screen fails or an address does not exist. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
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
