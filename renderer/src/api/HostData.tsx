import { Alert, Anchor, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { HostError } from './hostQuery';

/**
 * What a page shows while its data comes from the host: a loader, then either the page or the
 * host's own message with a way back — never a blank screen.
 */
export function HostData<T>({
  query,
  what,
  back,
  children,
}: {
  query: UseQueryResult<T, HostError>;
  what: string;
  back: { to: string; label: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader aria-label={`Loading the ${what}`} />;
  if (query.isError)
    return (
      <Alert color="red" title={`This ${what} cannot be shown`}>
        {query.error.message}{' '}
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      </Alert>
    );
  return <>{children(query.data)}</>;
}
