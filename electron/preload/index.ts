import { contextBridge, ipcRenderer } from 'electron';
import { createClient } from '../../core/api/client';

// The renderer's only door to the host: `window.companion`, one named function per contract
// channel, each a single `ipcRenderer.invoke`. No ipcRenderer, no Node, nothing else is exposed.
contextBridge.exposeInMainWorld(
  'companion',
  createClient((channel, payload) => ipcRenderer.invoke(channel, payload)),
);
