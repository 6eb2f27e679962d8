import { describe, expect, it } from 'vitest';
import { ProtocolError, type ProtocolErrorCode } from '../errors.ts';
import { decodeCodec12, encodeCodec12, encodeCodec12Command, encodeCodec12Response } from './codec12.ts';
import { wrapEnvelope } from './envelope.ts';
import { hexBuf, VENDOR_GETINFO } from './test-fixtures.ts';

/** Vendor Codec page (not in teltonika.md): a device's reply to getinfo; its CRC checks. */
const VENDOR_GETINFO_REPLY = hexBuf(
  '00000000000000900C010600000088494E493A323031392F372F323220373A3232205254433A323031392F372F323220373A3533205253543A32204552523A312053523A302042523A302043463A302046473A3020464C3A302054553A302F302055543A3020534D533A30204E4F4750533A303A3330204750533A31205341543A302052533A332052463A36352053463A31204D443A30010000C78F',
);

describe('Codec 12', () => {
  it('encodes the vendor getinfo command byte-exact', () => {
    expect(encodeCodec12Command('getinfo').toString('hex').toUpperCase()).toBe(
      '000000000000000F0C010500000007676574696E666F0100004312',
    );
  });

  it('decodes the vendor getinfo command', () => {
    expect(decodeCodec12(VENDOR_GETINFO)).toEqual({ type: 'command', text: 'getinfo' });
  });

  it('decodes the vendor getinfo reply and re-encodes it byte-exact', () => {
    const message = decodeCodec12(VENDOR_GETINFO_REPLY);
    expect(message.type).toBe('response');
    expect(message.text).toMatch(/^INI:2019\/7\/22 7:22 RTC:.* MD:0$/);
    expect(encodeCodec12(message).equals(VENDOR_GETINFO_REPLY)).toBe(true);
  });

  it('round-trips commands and responses both ways', () => {
    for (const text of ['setdigout 1', 'setdigout 0', 'getver', '']) {
      expect(decodeCodec12(encodeCodec12Command(text))).toEqual({ type: 'command', text });
      expect(decodeCodec12(encodeCodec12Response(text))).toEqual({ type: 'response', text });
    }
  });

  it('refuses to encode non-ASCII text', () => {
    expect(() => encodeCodec12Command('setparam é')).toThrow(RangeError);
  });

  const field = VENDOR_GETINFO.subarray(8, VENDOR_GETINFO.length - 4)
    .toString('hex')
    .toUpperCase();
  const cases: [string, Buffer, ProtocolErrorCode, string][] = [
    [
      'a message type other than 05/06',
      wrapEnvelope(hexBuf(field.replace(/^0C0105/, '0C010D'))),
      'unknown_message_type',
      'Unknown Codec 12 message type 0x0D: expected 0x05 (command) or 0x06 (response)',
    ],
    [
      'a codec id other than 0C',
      wrapEnvelope(hexBuf(field.replace(/^0C/, '08'))),
      'unknown_codec',
      'Unknown codec id 0x08: expected 0x0C',
    ],
    [
      'quantity 1 different from quantity 2',
      wrapEnvelope(hexBuf(field.replace(/01$/, '02'))),
      'count_mismatch',
      'Codec 12 quantity mismatch: quantity 1 is 1, quantity 2 is 2',
    ],
    [
      'a text size that disagrees with the data length',
      wrapEnvelope(hexBuf(field.replace('00000007', '00000008'))),
      'length_mismatch',
      'Codec 12 text size 8 does not match declared data length 15 (expected 7)',
    ],
    [
      'a data field too short for the header',
      wrapEnvelope(hexBuf('0C010501')),
      'length_mismatch',
      'Declared data length 4 of Codec 12 message is below the minimum of 8 bytes',
    ],
    [
      'a broken CRC',
      Buffer.concat([VENDOR_GETINFO.subarray(0, -1), hexBuf('13')]),
      'bad_crc',
      'CRC mismatch in Codec 12 message: frame carries 4313, data field gives 4312',
    ],
  ];
  it.each(cases)('rejects %s', (_name, frame, code, message) => {
    expect(() => decodeCodec12(frame)).toThrow(ProtocolError);
    expect(() => decodeCodec12(frame)).toThrow(expect.objectContaining({ code, message }));
  });
});
