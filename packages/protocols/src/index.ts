export {
  alarmOf, ATTR, DEVICE_ALARMS, type DeviceAlarm, isDeviceAlarm, namedFlag, namedNumber, REPORT_ONLY_KEYS,
} from './attributes.ts';
export { ProtocolError, type ProtocolErrorCode } from './errors.ts';
export { type OsmandPosition, type OsmandRequest, parseOsmand } from './osmand/osmand.ts';
export { type DecodeOptions, decodeAvlPacket } from './teltonika/avl-decode.ts';
export { encodeAvlData, encodeAvlPacket } from './teltonika/avl-encode.ts';
export {
  decodeCodec12,
  encodeCodec12,
  encodeCodec12Command,
  encodeCodec12Response,
} from './teltonika/codec12.ts';
export { crc16Ibm } from './teltonika/crc16.ts';
export { DEFAULT_MAX_DATA_LENGTH } from './teltonika/envelope.ts';
export { type Frame, type FramerOptions, TeltonikaFramer } from './teltonika/framer.ts';
export {
  decodeAck,
  encodeAck,
  encodeImeiLogin,
  encodeImeiReply,
  MAX_IMEI_LENGTH,
  parseImeiLogin,
} from './teltonika/login.ts';
export * from './teltonika/types.ts';
export {
  decodeUdpAck,
  decodeUdpDatagram,
  encodeUdpAck,
  encodeUdpDatagram,
  type UdpAck,
  type UdpDatagram,
} from './teltonika/udp.ts';
export {
  IMPLAUSIBLE_REASONS,
  type ImplausibleReason,
  implausibleReasons,
  isPlausible,
  PLAUSIBLE,
  type PlausibilityInput,
} from './plausibility.ts';
export {
  DEFAULT_IO_MAP, describeIo, faultCodes, interpret, type IoDescribed, type IoMap, IO_NAMES, ioToJson, type Meaning, resolveIoMap,
} from './teltonika/io-map.ts';
// Issue 13, Teltonika in the field: Codec 13, Codec 12 over UDP, unsupported codecs.
export { decodeCodec13, encodeCodec13 } from './teltonika/codec13.ts';
export { isCommandCodec } from './teltonika/framer.ts';
export { decodeUdpMessage, encodeUdpCodec12, type UdpMessage } from './teltonika/udp-command.ts';
export * from './gt06/index.ts';
export * from './queclink/index.ts';
export { alarmAttrs as osmandAlarmAttrs, osmandEventIo } from './osmand/osmand-attrs.ts';
export { ALARM_NAMES, compareNamed, describeNamed, type NamedDescribed, type ReadingUnits } from './attributes-describe.ts';
export { parseOsmandReports } from './osmand/osmand.ts';
export { MAX_BATCH_LOCATIONS as OSMAND_MAX_BATCH } from './osmand/osmand-json.ts';
// Issue 16, vehicle data: the one IO catalogue (names, units, scales), extendable per unit type.
export {
  DEFAULT_IO_CATALOGUE, FMS_KEYS, type FmsKey, IO_GROUPS, ioCatalogue, ioCatalogueEntrySchema, type IoCatalogueEntry,
  type IoCatalogueExtra, ioCatalogueExtraSchema, type IoEntry, type IoGroup, type IoReading, ioValueText, readIo, readIoElements,
} from './teltonika/io-catalogue.ts';
