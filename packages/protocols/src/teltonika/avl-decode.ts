import { hex, ProtocolError } from '../errors.ts';
import { FIXED_SIZES, IO_LAYOUTS, type IoLayout, isAvlCodec } from './avl-layout.ts';
import { checkCrc, checkEnvelope, DEFAULT_MAX_DATA_LENGTH, HEADER_BYTES } from './envelope.ts';
import { ByteReader } from './reader.ts';
import type { AvlCodec, AvlPacket, AvlRecord, IoValue } from './types.ts';

export interface DecodeOptions {
  /** Largest declared data length accepted; defaults to 64 KiB. */
  maxDataLength?: number;
}

/** Decodes one complete TCP AVL data packet (Codec 8, 8E or 16), checking every header field and the CRC. */
export function decodeAvlPacket(buf: Buffer, options: DecodeOptions = {}): AvlPacket {
  const what = 'AVL packet';
  const dataLength = checkEnvelope(buf, options.maxDataLength ?? DEFAULT_MAX_DATA_LENGTH, what);
  const codec = checkCodec(buf.readUInt8(HEADER_BYTES), HEADER_BYTES);
  const count1 = buf.readUInt8(HEADER_BYTES + 1);
  checkCounts(count1, buf.readUInt8(HEADER_BYTES + dataLength - 1), HEADER_BYTES + dataLength - 1);
  checkCrc(buf, dataLength, what);
  const end = HEADER_BYTES + dataLength - 1;
  const r = new ByteReader(buf, HEADER_BYTES + 2, end, what);
  const records = readRecords(r, codec, count1);
  if (r.remaining > 0) {
    throw new ProtocolError(
      'length_mismatch',
      `Declared data length ${dataLength} of ${what} is ${r.remaining} byte(s) longer than its ${count1} record(s)`,
      r.offset,
    );
  }
  return { codec, records };
}

/**
 * Decodes an AVL data field without envelope (codec id, count, records, count) as UDP carries it,
 * starting at the reader's offset and stopping after the second count.
 */
export function readAvlData(r: ByteReader): AvlPacket {
  const codec = checkCodec(r.u8('codec id'), r.offset - 1);
  const count1 = r.u8('number of data 1');
  const records = readRecords(r, codec, count1);
  r.context = '';
  checkCounts(count1, r.u8('number of data 2'), r.offset - 1);
  return { codec, records };
}

function checkCodec(id: number, offset: number): AvlCodec {
  if (!isAvlCodec(id)) {
    throw new ProtocolError(
      'unknown_codec',
      `Unknown codec id 0x${hex(id)}: expected 0x08, 0x8E or 0x10`,
      offset,
    );
  }
  return id;
}

function checkCounts(count1: number, count2: number, offset: number): void {
  if (count1 !== count2) {
    throw new ProtocolError(
      'count_mismatch',
      `Record count mismatch: number of data 1 is ${count1}, number of data 2 is ${count2}`,
      offset,
    );
  }
}

function readRecords(r: ByteReader, codec: AvlCodec, count: number): AvlRecord[] {
  const layout = IO_LAYOUTS[codec];
  const records: AvlRecord[] = [];
  for (let i = 0; i < count; i++) {
    r.context = `record ${i + 1} `;
    records.push(readRecord(r, layout, i + 1));
  }
  return records;
}

function readRecord(r: ByteReader, layout: IoLayout, recordNo: number): AvlRecord {
  const at = r.offset;
  const timestamp = r.u64('timestamp');
  if (timestamp > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ProtocolError(
      'bad_timestamp',
      `Record ${recordNo} timestamp ${timestamp} ms is beyond the supported range`,
      at,
    );
  }
  const record: AvlRecord = {
    timestampMs: Number(timestamp),
    priority: r.u8('priority'),
    longitude: r.i32('longitude') / 1e7,
    latitude: r.i32('latitude') / 1e7,
    altitude: r.i16('altitude'),
    angle: r.u16('angle'),
    satellites: r.u8('satellites'),
    speedKmh: r.u16('speed'),
    eventIoId: readId(r, layout, 'event IO id'),
    io: new Map(),
    ioVariable: new Map(),
  };
  if (layout.generationType) record.generationType = r.u8('generation type');
  readIo(r, layout, record, recordNo);
  return record;
}

function readId(r: ByteReader, layout: IoLayout, field: string): number {
  return layout.idBytes === 2 ? r.u16(field) : r.u8(field);
}

function readCount(r: ByteReader, layout: IoLayout, field: string): number {
  return layout.countBytes === 2 ? r.u16(field) : r.u8(field);
}

function readIo(r: ByteReader, layout: IoLayout, record: AvlRecord, recordNo: number): void {
  const totalAt = r.offset;
  const total = readCount(r, layout, 'total IO count');
  let found = 0;
  for (const size of FIXED_SIZES) {
    const n = readCount(r, layout, `${size}-byte IO count`);
    for (let j = 0; j < n; j++) {
      const idAt = r.offset;
      const id = readId(r, layout, `${size}-byte IO id`);
      const field = `value of IO ${id}`;
      const value: IoValue =
        size === 8
          ? { size, value: r.u64(field) }
          : { size, value: size === 4 ? r.u32(field) : size === 2 ? r.u16(field) : r.u8(field) };
      if (record.io.has(id)) throw duplicateId(recordNo, id, idAt);
      record.io.set(id, value);
    }
    found += n;
  }
  if (layout.variableGroup) {
    const n = r.u16('variable IO count');
    for (let j = 0; j < n; j++) {
      const idAt = r.offset;
      const id = r.u16('variable IO id');
      const length = r.u16(`length of IO ${id}`);
      const value = r.bytes(length, `value of IO ${id}`);
      if (record.ioVariable.has(id)) throw duplicateId(recordNo, id, idAt);
      record.ioVariable.set(id, value);
    }
    found += n;
  }
  if (found !== total) {
    throw new ProtocolError(
      'io_count_mismatch',
      `Record ${recordNo} declares ${total} IO element(s) but its groups hold ${found}`,
      totalAt,
    );
  }
}

function duplicateId(recordNo: number, id: number, offset: number): ProtocolError {
  return new ProtocolError(
    'duplicate_io_id',
    `Record ${recordNo} carries IO id ${id} more than once`,
    offset,
  );
}
