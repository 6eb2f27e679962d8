import { describe, expect, it } from 'vitest';
import { decodeAvlPacket } from './avl-decode.ts';
import { encodeAvlPacket } from './avl-encode.ts';
import { wrapEnvelope } from './envelope.ts';
import { hexBuf } from './test-fixtures.ts';

/**
 * Codec 8 Extended's last IO group ("NX of X byte IO"): count (2), then per element id (2),
 * length (2), value. Checked against the vendor's Codec 8 Extended table (Teltonika "Codec" page).
 */

/** Vendor "Codec" page, Codec 8 Extended example (2019 revision): one NX element, IO 256 (VIN), 17 zero bytes. */
const VENDOR_8E_NX = hexBuf(
  '000000000000005F8E010000015FBA40B620000F0DCDE420959D30008A000006000000000006000100EF00' +
    '00010011001E000100100000CBDF0002000B000000003544C875000E0000000029BFE4D1000101000011' +
    '0000000000000000000000000000000000010000D153',
);
/** Recorded from an FMB device (traccar/traccar's decoder tests): NX holds 256 (VIN) and 281 (fault codes). */
const FIELD_8E_VIN_DTC = hexBuf(
  '00000000000000a38e0100000178b11c9e1000040bbbc91f03190c002100e113001300000010000600ef0100f00100150300c800004501001e070005004237e00018000a00ce166200430f970024059f000300f10000665900c70000001e00100000a1b500000002010000115756315a5a5a32455a38363031353338380119002950303239392c50303637352c50303637342c50303637322c50303637312c50303437312c50324241430100001ad8',
);
/** Recorded (same source): two records, each with NX element 385 (beacons), 23 bytes. */
const FIELD_8E_BEACONS = hexBuf(
  '00000000000000858e0200000174431aadc100061d888f21000e8a0032002e0c000001810001000000000000000000010181001711210102030405060708090a0b0c0d0e0f10020b010ad000000174431a389100061d888f21000e8a0033002e0d000001810001000000000000000000010181001711210102030405060708090a0b0c0d0e0f10020b010ad2020000492b',
);

describe('Codec 8 Extended NX group', () => {
  it('decodes the vendor example: fixed groups and one 17-byte NX element, as the vendor parses it', () => {
    const [r] = decodeAvlPacket(VENDOR_8E_NX).records;
    expect(r).toMatchObject({ timestampMs: 1_510_658_324_000, longitude: 25.2562916, latitude: 54.6676016, altitude: 138, satellites: 6 });
    expect([...(r?.io ?? [])]).toEqual([
      [239, { size: 1, value: 0 }],
      [17, { size: 2, value: 30 }],
      [16, { size: 4, value: 52191 }],
      [11, { size: 8, value: 893_700_213n }],
      [14, { size: 8, value: 700_441_809n }],
    ]);
    expect([...(r?.ioVariable ?? [])]).toEqual([[256, Buffer.alloc(17)]]);
    expect(encodeAvlPacket(decodeAvlPacket(VENDOR_8E_NX)).equals(VENDOR_8E_NX)).toBe(true);
  });

  it('decodes field frames whose NX group holds a VIN, fault codes and beacon data', () => {
    const [r] = decodeAvlPacket(FIELD_8E_VIN_DTC).records;
    expect(r?.ioVariable.get(256)?.toString('latin1')).toBe('WV1ZZZ2EZ86015388');
    expect(r?.ioVariable.get(281)?.toString('latin1')).toBe('P0299,P0675,P0674,P0672,P0671,P0471,P2BAC');
    const beacons = decodeAvlPacket(FIELD_8E_BEACONS).records;
    expect(beacons.map((b) => b.ioVariable.get(385)?.length)).toEqual([23, 23]);
    for (const frame of [FIELD_8E_VIN_DTC, FIELD_8E_BEACONS]) expect(encodeAvlPacket(decodeAvlPacket(frame)).equals(frame)).toBe(true);
  });

  it('refuses a packet with a fixed 16-byte group (not in the vendor tables; some older firmware) with a clear error', () => {
    // Recorded Codec 8 frame that traccar/traccar decodes only with its opt-in "extended" setting.
    const frame = hexBuf(
      '0000000000000158080b' +
        ['0000015d4b4dc07a00d5dbd13eec04324e020e000012', '0000015d4b4cd5e800d5dbd13eec04324e020e000012', '0000015d4b4beb8800d5dbd13eec04324e020e000013',
          '0000015d4b4b012800d5dbd13eec04324e020e000012', '0000015d4b4a16c800d5dbd13eec04324e020f000011', '0000015d4b492c6800d5dbd13eec04324e020f000011',
          '0000015d4b48420800d5dbd13eec04324e020f000012', '0000015d4b4757a800d5dbd13eec04324e020f00000f', '0000015d4b466d4800d5dbd13eec04324e020f000010',
          '0000015d4b4582e800d5dbd13eec04324e020f000011', '0000015d4b44988800d5dbd13eec04324e020f000011'].join('000000000000000000') +
        '0000000000000000000b0000ec10',
    );
    expect(() => decodeAvlPacket(frame)).toThrow('Record 5 declares 17 IO element(s) but its groups hold 0');
  });

  it('names the NX element whose declared length runs past the packet', () => {
    // One record, no fixed IO, NX count 1: id 256, length 0x0100, but only 2 value bytes follow.
    const record = '0000015FBA40B620' + '00' + '00'.repeat(15) + '0000' + '0001' + '0000000000000000' + '0001' + '0100' + '0100' + 'ABCD';
    const frame = wrapEnvelope(hexBuf(`8E01${record}01`));
    expect(() => decodeAvlPacket(frame)).toThrow(/^Truncated AVL packet: record 1 value of IO 256 needs 256 byte\(s\)/);
  });
});
