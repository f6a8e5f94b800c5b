import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { STORE_STATE_KEY } from '../api/queryClient';

/**
 * On every screen while nothing is being kept: the store could not be opened (site data blocked,
 * a private window) or the browser's storage is full. Players must know before a club night's
 * combats vanish with the tab, not after (issue 26).
 */
export function StoreWarning() {
  const client = useClient();
  const info = useHostQuery(STORE_STATE_KEY, () => client.appInfo({}));
  const state = info.data?.store.state;
  if (state !== 'unavailable' && state !== 'full') return null;
  return (
    <Alert
      color={state === 'full' ? 'red' : 'orange'}
      title={state === 'full' ? 'Storage full: new changes are not kept' : 'Nothing is kept on this device'}
      mb="md"
      data-testid="store-warning"
    >
      {info.data!.store.message}{' '}
      <Anchor component={Link} to="/about">
        About
      </Anchor>
    </Alert>
  );
}
