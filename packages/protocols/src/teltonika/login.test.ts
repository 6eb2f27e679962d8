import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { decodeAck, encodeAck, encodeImeiLogin, encodeImeiReply, parseImeiLogin } from './login.ts';
import { hexBuf } from './test-fixtures.ts';

describe('IMEI login', () => {
  it('parses the vendor example login 000F + 15 digits', () => {
    expect(parseImeiLogin(hexBuf('000F333536333037303432343431303133'))).toBe('356307042441013');
  });

  it('encodes a login byte-exact and round-trips', () => {
    expect(encodeImeiLogin('356307042441013').toString('hex').toUpperCase()).toBe(
      '000F333536333037303432343431303133',
    );
    expect(parseImeiLogin(encodeImeiLogin('7'))).toBe('7');
  });

  it.each([
    ['000033', 'bad_imei', 'IMEI login declares IMEI length 0: expected 1..20 digits'],
    [`0015${'31'.repeat(21)}`, 'bad_imei', 'IMEI login declares IMEI length 21: expected 1..20 digits'],
    ['0003314133', 'bad_imei', 'IMEI login holds a non-digit byte 0x41 at offset 3'],
    ['00', 'truncated', 'Truncated IMEI login: length needs 2 bytes, got 1'],
    ['000F3335', 'truncated', 'Truncated IMEI login: declared 15 digits, got 2'],
    ['0001310A', 'trailing_bytes', '1 unexpected byte(s) after the IMEI login'],
  ])('rejects %s with %s', (hex, code, message) => {
    const buf = hexBuf(hex);
    expect(() => parseImeiLogin(buf)).toThrow(ProtocolError);
    expect(() => parseImeiLogin(buf)).toThrow(expect.objectContaining({ code, message }));
  });

  it('refuses to encode a non-digit IMEI', () => {
    expect(() => encodeImeiLogin('35630704244101X')).toThrow(RangeError);
  });
});

describe('server answers', () => {
  it('encodes the login reply as one byte', () => {
    expect(encodeImeiReply(true)).toEqual(Buffer.from([1]));
    expect(encodeImeiReply(false)).toEqual(Buffer.from([0]));
  });

  it('encodes the record-count ack as 4 bytes big-endian and reads it back', () => {
    expect(encodeAck(1).toString('hex')).toBe('00000001');
    expect(encodeAck(0x01020304).toString('hex')).toBe('01020304');
    expect(decodeAck(encodeAck(42))).toBe(42);
    expect(() => decodeAck(hexBuf('000001'))).toThrow('AVL ack must be 4 bytes, got 3');
  });
});
