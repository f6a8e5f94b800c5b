import { useSyncExternalStore } from 'react';

/**
 * Where the browser app stands with offline use, as the screens show it. The desktop app and the
 * development server have no service worker: they stay `unavailable`.
 */
export type OfflineStatus =
  | { kind: 'unavailable' }
  /** First visit: the app is being stored in the browser. */
  | { kind: 'storing' }
  /** This version is stored and opens with the network off. */
  | { kind: 'ready' }
  /** A newer version is stored; `reload` switches to it (never done without the player asking). */
  | { kind: 'update-ready'; reload: () => void }
  | { kind: 'failed'; message: string };

export interface OfflineStatusStore {
  get(): OfflineStatus;
  set(next: OfflineStatus): void;
  subscribe(listener: () => void): () => void;
}

export function createOfflineStatusStore(initial: OfflineStatus = { kind: 'unavailable' }): OfflineStatusStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The one store of this page: main.tsx starts the service worker on it, the screens read it. */
export const offlineStatus = createOfflineStatusStore();

export function useOfflineStatus(store: OfflineStatusStore = offlineStatus): OfflineStatus {
  return useSyncExternalStore(store.subscribe, store.get);
}
