export { decodeQueclink, QUECLINK_MAX_MESSAGE } from './decode.ts';
export {
  encodeQueclinkHeartbeat, encodeQueclinkHeartbeatSack, encodeQueclinkReport, encodeQueclinkSack, queclinkCount, queclinkTime,
  type QueclinkPositionInput, type QueclinkReportInput,
} from './encode.ts';
export { QueclinkFramer } from './framer.ts';
export { queclinkHeartbeatRecord, type QueclinkRecord, queclinkRecords } from './records.ts';
export * from './types.ts';
