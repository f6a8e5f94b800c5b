import { APP_NAME, createBackend, createDispatch, noStore } from '../../../core/api';
import { serveContract, type HostScope } from './workerHost';

// The browser host's entry: the same backend as the desktop host, running in a Web Worker.
const backend = createBackend({ appName: APP_NAME, version: __APP_VERSION__, host: 'browser', storeStatus: () => noStore });
serveContract(self as unknown as HostScope, createDispatch(backend));
