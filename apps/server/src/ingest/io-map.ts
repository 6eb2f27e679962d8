/**
 * The IO map lives in packages/protocols (issue 12: the journeys module names a position's IO
 * values with it too, and a module does not import ingest); ingest's files keep importing it here.
 */
export {
  DEFAULT_IO_MAP, faultCodes, interpret, type IoMap, ioToJson, type Meaning, resolveIoMap,
} from '@fleet/protocols';
