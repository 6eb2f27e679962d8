import { describe, expect, it } from 'vitest';
import { crc16Ibm } from './crc16.ts';
import { VENDOR_CODEC8, VENDOR_CODEC8E, VENDOR_GETINFO } from './test-fixtures.ts';

/** The data field of a TCP frame: from the codec id to the second count. */
const dataField = (frame: Buffer) => frame.subarray(8, frame.length - 4);

describe('crc16Ibm', () => {
  it('matches the CRC-16/ARC catalogue check value for "123456789"', () => {
    expect(crc16Ibm(Buffer.from('123456789', 'ascii'))).toBe(0xbb3d);
  });

  it('is 0 for no bytes and for a zero byte (initial value 0, no final xor)', () => {
    expect(crc16Ibm(Buffer.alloc(0))).toBe(0);
    expect(crc16Ibm(Buffer.from([0x00]))).toBe(0);
  });

  it('uses the reflected polynomial 0xA001', () => {
    expect(crc16Ibm(Buffer.from([0x01]))).toBe(0xc0c1);
    expect(crc16Ibm(Buffer.from([0x80]))).toBe(0xa001);
  });

  it('reproduces the CRC of each vendor example frame', () => {
    expect(crc16Ibm(dataField(VENDOR_CODEC8))).toBe(0xc7cf);
    expect(crc16Ibm(dataField(VENDOR_CODEC8E))).toBe(0x2994);
    expect(crc16Ibm(dataField(VENDOR_GETINFO))).toBe(0x4312);
  });

  it('covers only the requested range', () => {
    expect(crc16Ibm(VENDOR_CODEC8, 8, VENDOR_CODEC8.length - 4)).toBe(0xc7cf);
  });
});
