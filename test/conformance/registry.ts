import { makeRegistry, registry } from '../../core/systems';
import { diceDuelSystem } from './toy/definition';

/**
 * The registry the conformance kit runs: every system of the app's registry, and the toy dice duel
 * of test/conformance/toy — registered here, and nowhere else. The kit's browser build gives it to
 * the app's host in place of the app's own (vite.web.config.ts, CC_KIT=1).
 */
export const kitRegistry = makeRegistry([...registry.definitions, diceDuelSystem]);
/** The name the browser host imports its registry by (renderer/src/host/registry.ts). */
export { kitRegistry as registry };
