export { GT06_ALERTS, gt06Alarm } from './alarms.ts';
export { crcItu } from './crc.ts';
export { decodeGt06Frame } from './decode.ts';
export { decodeGt06ServerFrame, type Gt06ServerMessage } from './decode-server.ts';
export {
  encodeGt06Alarm, encodeGt06Command, encodeGt06CommandReply, encodeGt06Heartbeat, encodeGt06Lbs, encodeGt06Location,
  encodeGt06Login, encodeGt06Packet, encodeGt06Reply, encodeGt06TimeReply,
} from './encode.ts';
export { GT06_DEFAULT_MAX_FRAME, Gt06Framer } from './framer.ts';
export { cellText, type Gt06Report, gt06Report } from './report.ts';
export * from './types.ts';
