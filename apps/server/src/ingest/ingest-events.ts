/**
 * What the ingest tells the rest of the server: the processors' outputs. The shapes belong to the
 * device link the units module declares (modules/units/device-link.ts); they are named here too
 * for the ingest's own files.
 */
export type { LivePosition, RaisedAlert, StateChange } from '../modules/units/index.ts';
