import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostQueryClient } from '../../renderer/src/api/queryClient';

// Issue 25: the club's Wi-Fi drops and the screens went blank, because the query library pauses
// queries and mutations while the browser is offline. The host is on the device: nothing waits.
describe('the page query client with the network gone', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('still answers a read (About, History, a setup screen)', async () => {
    onlineManager.setOnline(false);
    const queries = createHostQueryClient();
    await expect(queries.fetchQuery({ queryKey: ['app.info'], queryFn: async () => 'answered' })).resolves.toBe(
      'answered',
    );
  });

  it('still runs a store write (a roster saved, a die entered)', async () => {
    onlineManager.setOnline(false);
    const queries = createHostQueryClient();
    const mutation = queries.getMutationCache().build(queries, { mutationFn: async (n: number) => n + 1 });
    await expect(mutation.execute(1)).resolves.toBe(2);
  });

  it('does not retry a refused call: the host answered', async () => {
    const queries = createHostQueryClient();
    let calls = 0;
    await expect(
      queries.fetchQuery({
        queryKey: ['x'],
        queryFn: async () => {
          calls++;
          throw new Error('refused');
        },
      }),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
  });
});
