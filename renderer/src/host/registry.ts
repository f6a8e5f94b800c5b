/**
 * The rule systems the browser host offers: the app's registry. A separate module so a test build
 * can give the worker a registry of its own (test/conformance: the toy system beside the app's).
 */
export { registry } from '../../../core/api';
