import { describe, expect, it } from 'vitest';
import { ProtocolError, type ProtocolErrorCode } from '../errors.ts';
import { decodeAvlPacket } from './avl-decode.ts';
import { wrapEnvelope } from './envelope.ts';
import { hexBuf, VENDOR_CODEC8 } from './test-fixtures.ts';

/** The vendor Codec 8 data field (codec id … second count), to edit and re-wrap with a valid CRC. */
const FIELD = VENDOR_CODEC8.subarray(8, VENDOR_CODEC8.length - 4)
  .toString('hex')
  .toUpperCase();
const rewrap = (field: string) => wrapEnvelope(hexBuf(field));
/** Replaces `count` hex digits of FIELD at byte offset `at` (0 = codec id). */
const edit = (at: number, hex: string) => FIELD.slice(0, at * 2) + hex + FIELD.slice(at * 2 + hex.length);

function expectError(frame: Buffer, code: ProtocolErrorCode, message: string): void {
  let caught: unknown;
  try {
    decodeAvlPacket(frame);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ProtocolError);
  expect(caught).toMatchObject({ code, message });
}

describe('decodeAvlPacket rejects each malformed frame with a precise error', () => {
  it('bad_preamble: a non-zero preamble', () => {
    const frame = Buffer.from(VENDOR_CODEC8);
    frame[3] = 0x01;
    expectError(frame, 'bad_preamble', 'Bad preamble in AVL packet: expected 00000000, got 00000001');
  });

  it('length_exceeded: a declared data length over the maximum', () => {
    expectError(
      hexBuf('0000000000010001'),
      'length_exceeded',
      'Declared data length 65537 of AVL packet exceeds the maximum of 65536 bytes',
    );
    expect(() => decodeAvlPacket(VENDOR_CODEC8, { maxDataLength: 53 })).toThrow(
      'Declared data length 54 of AVL packet exceeds the maximum of 53 bytes',
    );
  });

  it('length_mismatch: a data length too small for codec id and counts', () => {
    expectError(
      hexBuf('00000000000000020801000000000000'),
      'length_mismatch',
      'Declared data length 2 of AVL packet is below the minimum of 3 bytes (codec id and two counts)',
    );
  });

  it('length_mismatch: a data length longer than the records it holds', () => {
    const field = `${FIELD.slice(0, -2)}0000${FIELD.slice(-2)}`;
    expectError(
      rewrap(field),
      'length_mismatch',
      'Declared data length 56 of AVL packet is 2 byte(s) longer than its 1 record(s)',
    );
  });

  it('truncated: fewer than 8 header bytes', () => {
    expectError(hexBuf('000000000000'), 'truncated', 'Truncated AVL packet: header needs 8 bytes, got 6');
  });

  it('truncated: the frame ends before the declared length and CRC', () => {
    expectError(
      VENDOR_CODEC8.subarray(0, 40),
      'truncated',
      'Truncated AVL packet: declared data length 54 needs 66 bytes in total, got 40',
    );
  });

  it('truncated: the records need more bytes than the declared length holds', () => {
    // counts say 2 records, but the data field holds one
    const field = `${edit(1, '02').slice(0, -2)}02`;
    expectError(
      rewrap(field),
      'truncated',
      'Truncated AVL packet: record 2 timestamp needs 8 byte(s) at offset 61, only 0 left',
    );
  });

  it('trailing_bytes: bytes after the CRC', () => {
    expectError(
      Buffer.concat([VENDOR_CODEC8, hexBuf('FF00')]),
      'trailing_bytes',
      '2 unexpected byte(s) after the CRC of AVL packet',
    );
  });

  it('unknown_codec: codec 13', () => {
    expectError(rewrap(edit(0, '0D')), 'unknown_codec', 'Unknown codec id 0x0D: expected 0x08, 0x8E or 0x10');
  });

  it('count_mismatch: number of data 1 differs from number of data 2', () => {
    expectError(
      rewrap(`${FIELD.slice(0, -2)}02`),
      'count_mismatch',
      'Record count mismatch: number of data 1 is 1, number of data 2 is 2',
    );
  });

  it('bad_crc: a CRC that does not match the data field', () => {
    const frame = Buffer.from(VENDOR_CODEC8);
    frame[frame.length - 1] = 0xce;
    expectError(frame, 'bad_crc', 'CRC mismatch in AVL packet: frame carries C7CE, data field gives C7CF');
  });

  it('bad_crc: non-zero upper CRC bytes', () => {
    const frame = Buffer.from(VENDOR_CODEC8);
    frame[frame.length - 3] = 0x01;
    expectError(frame, 'bad_crc', 'Bad CRC field in AVL packet: upper two bytes must be zero, got 0001C7CF');
  });

  it('io_count_mismatch: total IO count differs from the sum of the groups', () => {
    // data field: codec 0, count 1, timestamp 2-9, priority 10, lon 11-14, lat 15-18,
    // altitude 19-20, angle 21-22, satellites 23, speed 24-25, event IO id 26, total IO count 27 (05)
    expectError(
      rewrap(edit(27, '04')),
      'io_count_mismatch',
      'Record 1 declares 4 IO element(s) but its groups hold 5',
    );
  });

  it('duplicate_io_id: the same IO id twice in one record', () => {
    // byte 28 is the 1-byte group count, 29 the first id (15), 31 the second id (01): make it 15 too
    expectError(rewrap(edit(31, '15')), 'duplicate_io_id', 'Record 1 carries IO id 21 more than once');
  });

  it('bad_timestamp: a timestamp beyond the safe integer range', () => {
    expectError(
      rewrap(edit(2, 'FFFFFFFFFFFFFFFF')),
      'bad_timestamp',
      'Record 1 timestamp 18446744073709551615 ms is beyond the supported range',
    );
  });

  it('reports where the problem is', () => {
    try {
      decodeAvlPacket(rewrap(edit(0, '0D')));
    } catch (error) {
      expect((error as ProtocolError).offset).toBe(8);
    }
    expect.assertions(1);
  });
});
