import { FIXED_SIZES, IO_LAYOUTS, type IoLayout, isAvlCodec } from './avl-layout.ts';
import { wrapEnvelope } from './envelope.ts';
import { type AvlCodec, type AvlPacket, type AvlRecord, CODEC_8E } from './types.ts';
import { ByteWriter } from './writer.ts';

/** Encodes a TCP AVL data packet with preamble, length and CRC; the exact inverse of decodeAvlPacket. */
export function encodeAvlPacket(packet: AvlPacket): Buffer {
  return wrapEnvelope(encodeAvlData(packet));
}

/** Encodes the data field only (codec id, count, records, count), as UDP carries it. */
export function encodeAvlData({ codec, records }: AvlPacket): Buffer {
  if (!isAvlCodec(codec)) throw new RangeError(`codec must be 0x08, 0x8E or 0x10, got ${codec}`);
  const w = new ByteWriter();
  w.u8(codec, 'codec id').u8(records.length, 'number of records');
  for (const [i, record] of records.entries()) writeRecord(w, codec, record, `record ${i + 1}`);
  w.u8(records.length, 'number of records');
  return w.toBuffer();
}

function writeRecord(w: ByteWriter, codec: AvlCodec, rec: AvlRecord, name: string): void {
  const layout = IO_LAYOUTS[codec];
  if (!Number.isSafeInteger(rec.timestampMs) || rec.timestampMs < 0) {
    throw new RangeError(`${name} timestampMs must be a non-negative safe integer, got ${rec.timestampMs}`);
  }
  w.u64(BigInt(rec.timestampMs), `${name} timestamp`)
    .u8(rec.priority, `${name} priority`)
    .i32(Math.round(rec.longitude * 1e7), `${name} longitude ×1e7`)
    .i32(Math.round(rec.latitude * 1e7), `${name} latitude ×1e7`)
    .i16(rec.altitude, `${name} altitude`)
    .u16(rec.angle, `${name} angle`)
    .u8(rec.satellites, `${name} satellites`)
    .u16(rec.speedKmh, `${name} speed`);
  writeId(w, layout, rec.eventIoId, `${name} event IO id`);
  if (layout.generationType) {
    if (rec.generationType === undefined) throw new RangeError(`${name} needs a generationType for codec 16`);
    w.u8(rec.generationType, `${name} generation type`);
  }
  writeIo(w, codec, layout, rec, name);
}

function writeIo(w: ByteWriter, codec: AvlCodec, layout: IoLayout, rec: AvlRecord, name: string): void {
  if (!layout.variableGroup && rec.ioVariable.size > 0) {
    throw new RangeError(`${name} has variable-length IO values, which only codec 8E can carry`);
  }
  writeCount(w, layout, rec.io.size + rec.ioVariable.size, `${name} total IO count`);
  for (const size of FIXED_SIZES) {
    const group = [...rec.io].filter(([, io]) => io.size === size);
    writeCount(w, layout, group.length, `${name} ${size}-byte IO count`);
    for (const [id, io] of group) {
      writeId(w, layout, id, `${name} IO id`);
      const field = `${name} value of IO ${id}`;
      if (io.size === 8) w.u64(io.value, field);
      else if (io.size === 4) w.u32(io.value, field);
      else if (io.size === 2) w.u16(io.value, field);
      else w.u8(io.value, field);
    }
  }
  if (codec === CODEC_8E) {
    w.u16(rec.ioVariable.size, `${name} variable IO count`);
    for (const [id, value] of rec.ioVariable) {
      w.u16(id, `${name} IO id`).u16(value.length, `${name} length of IO ${id}`).raw(value);
    }
  }
}

function writeId(w: ByteWriter, layout: IoLayout, id: number, field: string): void {
  if (layout.idBytes === 2) w.u16(id, field);
  else w.u8(id, field);
}

function writeCount(w: ByteWriter, layout: IoLayout, n: number, field: string): void {
  if (layout.countBytes === 2) w.u16(n, field);
  else w.u8(n, field);
}
