import { contextBridge, ipcRenderer } from 'electron';
import { createClient } from '../../core/api/client';
import type { Reply } from '../../core/api/reply';
import { readReply, requestOnTheWire } from '../wire';

// The renderer's only door to the host: `window.companion`, one named function per contract
// channel, each a single `ipcRenderer.invoke`. No ipcRenderer, no Node, nothing else is exposed.
// A large request goes as its JSON bytes and a large reply comes back so (electron/wire.ts): the
// main process hands bytes on without building the objects.
contextBridge.exposeInMainWorld(
  'companion',
  createClient(async (channel, payload) =>
    readReply((await ipcRenderer.invoke(channel, requestOnTheWire(payload))) as Reply<unknown> | Uint8Array),
  ),
);
