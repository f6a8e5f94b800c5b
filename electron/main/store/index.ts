export {
  openDurableStore,
  StoreTooNewError,
  type DurableStore,
  type DurableStoreOptions,
  type DurableStoreStatus,
} from './durable';
export { StoreLockedError } from './lock';
