import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { crcItu } from './crc.ts';
import { decodeGt06Frame } from './decode.ts';
import { encodeGt06Alarm, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login } from './encode.ts';
import { Gt06Framer } from './framer.ts';
import { gt06Report } from './report.ts';

// Real frames (JM-VL03 manual; traccar Gt06ProtocolDecoderTest.java) to mutate.
const SEEDS = [
  '78781101075253367890024270003201000512790D0A',
  '78780A134004040001000FDCEE0D0A',
  '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A',
  '78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A',
  '787825260F0C1D030B26C9027AC8180C4658600004000901CC00287D001F718004041302000C472A0D0A',
  '78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A',
  '797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a',
].map((h) => Buffer.from(h, 'hex'));

/** Framer then decoder, as the listener runs them: every outcome is frames, or a ProtocolError. */
function run(bytes: Buffer): void {
  try {
    for (const frame of new Gt06Framer().push(bytes)) {
      const m = decodeGt06Frame(frame);
      gt06Report(m, 0);
    }
  } catch (err) {
    if (!(err instanceof ProtocolError)) throw err;
  }
}

/** A frame's CRC made right again, so a mutation reaches the content decoder. */
function fixCrc(frame: Buffer): Buffer {
  const b = Buffer.from(frame);
  if (b.length >= 10) b.writeUInt16BE(crcItu(b, 2, b.length - 4), b.length - 4);
  return b;
}

describe('GT06 fuzz: damaged frames give a ProtocolError, never a crash', () => {
  it('random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (a) => run(Buffer.from(a))), { numRuns: 3000 });
  });

  it('random content in a valid envelope with a right CRC', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 120 }), (long, protocol, content) => {
        const len = 1 + content.length + 4;
        const head = long ? Buffer.from([0x79, 0x79, len >> 8, len & 0xff]) : Buffer.from([0x78, 0x78, len & 0xff]);
        if (!long && len > 255) return;
        run(fixCrc(Buffer.concat([head, Buffer.of(protocol), content, Buffer.alloc(4), Buffer.from('0d0a', 'hex')])));
      }),
      { numRuns: 5000 },
    );
  });

  it('real frames with bytes changed, cut or inserted (CRC fixed or not)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEEDS),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'cut', 'insert')), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (seed, edits, crc) => {
          let b = Buffer.from(seed);
          for (const [at, v, op] of edits) {
            const i = at % (b.length + 1);
            if (op === 'set' && i < b.length) b[i] = v;
            else if (op === 'cut') b = Buffer.concat([b.subarray(0, i), b.subarray(i + 1)]);
            else b = Buffer.concat([b.subarray(0, i), Buffer.of(v), b.subarray(i)]);
          }
          run(crc ? fixCrc(b) : b);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('GT06 encoders round-trip through the decoder', () => {
  const status = { cutOff: false, gpsFixed: true, alarmBits: 0, charging: true, acc: true, defence: false };
  const gps = fc.record({
    timeMs: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }).map((t) => t - (t % 1000)),
    satellites: fc.integer({ min: 0, max: 15 }),
    latitude: fc.integer({ min: -90 * 1_800_000, max: 90 * 1_800_000 }).map((v) => v / 1_800_000),
    longitude: fc.integer({ min: -180 * 1_800_000, max: 180 * 1_800_000 }).map((v) => v / 1_800_000),
    speedKmh: fc.integer({ min: 0, max: 255 }),
    course: fc.integer({ min: 0, max: 359 }),
    positioned: fc.boolean(),
    differential: fc.boolean(),
  });
  const cell = { mcc: 234, mnc: 15, lac: 1234, cid: '56789' };

  it('location 0x22 and alarm 0x26', () => {
    fc.assert(
      fc.property(gps, fc.integer({ min: 0, max: 0xffff }), (g, serial) => {
        const loc = decodeGt06Frame(encodeGt06Location(0x22, { gps: g, cell, acc: true }, serial));
        expect(loc).toEqual({ type: 'location', protocol: 0x22, serial, gps: { ...g, latitude: g.latitude + 0, longitude: g.longitude + 0 }, cell, acc: true, uploadMode: 0, reupload: false });
        const alarm = decodeGt06Frame(encodeGt06Alarm(0x26, { gps: g, cell, status, voltageLevel: 5, gsm: 3, alarmCode: 1 }, serial));
        expect(alarm).toMatchObject({ type: 'alarm', serial, alarm: 'sos', status, voltageLevel: 5, gsm: 3 });
      }),
      { numRuns: 500 },
    );
  });

  it('login and heartbeat', () => {
    expect(decodeGt06Frame(encodeGt06Login('356209089000001', 1))).toEqual({ type: 'login', protocol: 1, serial: 1, imei: '356209089000001' });
    expect(decodeGt06Frame(encodeGt06Heartbeat({ status, voltageLevel: 6, gsm: 4 }, 2))).toMatchObject({ type: 'heartbeat', status, voltageLevel: 6, gsm: 4 });
    expect(decodeGt06Frame(encodeGt06Heartbeat({ status, voltage: 4.05, gsm: 4 }, 2))).toMatchObject({ protocol: 0x23, voltage: 4.05 });
  });
});
