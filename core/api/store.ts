/**
 * The roster store a host opens on an IndexedDB factory: the browser host on the browser's own
 * (renderer/src/host/browserStore.ts). Apart from core/api's index, so the odds worker, which reads
 * the index, does not carry the database library it never opens.
 */
export { CompanionDb, createRepository, writeMethods, type IndexedDbFactory, type RosterRepository } from '../store';
