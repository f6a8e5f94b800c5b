import { describe, expect, it } from 'vitest';
import { ApiFailure, channels, contract, createDispatch } from '../../../core/api';
import { spiedBackend } from '../../support/backendSpy';
import { malformedCases } from '../../support/malformed';

describe('contract dispatch (the gate both hosts use)', () => {
  it('declares at least app.info and app.echo, each with a valid example', () => {
    expect(channels).toEqual(expect.arrayContaining(['app.info', 'app.echo']));
    for (const channel of channels)
      expect(contract[channel].request.safeParse(contract[channel].example).success).toBe(true);
  });

  describe.each(channels)('%s', (channel) => {
    it.each(malformedCases(channel))(
      'refuses $description, naming the field, without calling the backend',
      async ({ payload, field }) => {
        const backend = spiedBackend();
        const reply = await createDispatch(backend)(channel, payload);
        expect(reply.ok).toBe(false);
        if (reply.ok) return;
        expect(reply.error.code).toBe('invalid_input');
        expect(reply.error.field).toBe(field);
        expect(reply.error.message).toContain(field);
        expect(backend.calls[channel]).not.toHaveBeenCalled();
      },
    );

    it('refuses a payload that is not an object at all', async () => {
      const backend = spiedBackend();
      for (const payload of [undefined, null, 42, 'text', [1, 2]]) {
        const reply = await createDispatch(backend)(channel, payload);
        expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      }
      expect(backend.calls[channel]).not.toHaveBeenCalled();
    });

    it('passes its example to the backend; any success satisfies the response schema', async () => {
      const backend = spiedBackend();
      const reply = await createDispatch(backend)(channel, contract[channel].example);
      expect(backend.calls[channel]).toHaveBeenCalledTimes(1);
      // Examples of stateful channels name things that do not exist in a fresh backend.
      if (reply.ok) expect(contract[channel].response.safeParse(reply.value).success).toBe(true);
      else expect(['not_found', 'conflict', 'unsupported']).toContain(reply.error.code);
    });
  });

  it('refuses a channel that is not in the contract', async () => {
    const reply = await createDispatch(spiedBackend())('fs.readFile', {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('does not treat inherited object keys as channels', async () => {
    const reply = await createDispatch(spiedBackend())('toString', {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('turns a thrown ApiFailure into its error reply and anything else into internal', async () => {
    const backend = spiedBackend();
    backend.calls['app.echo'].mockRejectedValueOnce(new ApiFailure('not_found', 'No such roster', 'id'));
    expect(await createDispatch(backend)('app.echo', { text: 'a' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No such roster', field: 'id' },
    });
    backend.calls['app.echo'].mockRejectedValueOnce(new TypeError('boom'));
    const reply = await createDispatch(backend)('app.echo', { text: 'a' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'internal' } });
    if (!reply.ok) expect(reply.error.message).toContain('boom');
  });

  it('refuses to pass on a backend reply that breaks the response schema', async () => {
    const backend = spiedBackend();
    backend.calls['app.echo'].mockResolvedValueOnce({ text: 42 });
    expect(await createDispatch(backend)('app.echo', { text: 'a' })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('echoes text and reports the host identity through app.info', async () => {
    const dispatch = createDispatch(spiedBackend('browser'));
    expect(await dispatch('app.echo', { text: 'dakka' })).toEqual({ ok: true, value: { text: 'dakka' } });
    expect(await dispatch('app.info', {})).toMatchObject({
      ok: true,
      value: { name: 'Combat Companion', version: '9.9.9', host: 'browser' },
    });
  });
});
