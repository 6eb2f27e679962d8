import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { crcItu } from './crc.ts';
import { decodeGt06Frame } from './decode.ts';
import { gt06Report } from './report.ts';

const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');
const decode = (h: string) => decodeGt06Frame(hex(h));

// Examples from the Concox JM-VL03 protocol manual V1.1.2 (fcode09/jimi-vl103m docs/README_VL03_Protocol.md).
describe('GT06 decoder: the JM-VL03 manual examples', () => {
  it('login 0x01 with type code and time-zone/language word (GMT+8:00, language 1)', () => {
    expect(decode('78781101075253367890024270003201000512790D0A')).toEqual({
      type: 'login', protocol: 0x01, serial: 5, imei: '752533678900242', typeCode: 0x7000, timeZoneMinutes: 480, language: 1,
    });
  });

  it('heartbeat 0x13: GPS positioned, voltage level 4, GSM 4', () => {
    const m = decode('78780A134004040001000FDCEE0D0A');
    expect(m).toMatchObject({ type: 'heartbeat', serial: 15, voltageLevel: 4, gsm: 4, language: 1 });
    expect(gt06Report(m, 1_700_000_000_000)).toEqual({
      timeMs: 1_700_000_000_000, latitude: 0, longitude: 0, speedKmh: 0, angle: 0, satellites: 0, eventIo: 0x13,
      io: { ignition: 0, charge: 0, gt06Defence: 0, gt06CutOff: 0, gt06GpsFixed: 1, gt06Voltage: 4, batteryLevel: 67, gt06Gsm: 4, rssi: 5, fix: 0 },
    });
  });

  it('GPS location 0x22: UTC time, coordinates / 1,800,000, course/status, cell, ACC, re-upload', () => {
    const m = decode('787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A');
    expect(m).toEqual({
      type: 'location', protocol: 0x22, serial: 8,
      gps: { timeMs: Date.UTC(2015, 11, 29, 2, 51, 5), satellites: 9, latitude: 0x027ac818 / 1_800_000, longitude: 0x0c465860 / 1_800_000, speedKmh: 0, course: 0, positioned: true, differential: false },
      cell: { mcc: 460, mnc: 0, lac: 0x287d, cid: String(0x1f71) }, acc: false, uploadMode: 0, reupload: true,
    });
    expect(gt06Report(m, 0)).toMatchObject({ latitude: 23.111693333333335, longitude: 114.40929777777778, eventIo: 0x22, io: { ignition: 0, gt06Reupload: 1 } });
  });

  it('LBS 0x28: stored without a fix, with the serving cell', () => {
    const m = decode('78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A');
    expect(m).toEqual({ type: 'lbs', protocol: 0x28, serial: 5, timeMs: Date.UTC(2016, 0, 13, 2, 2, 2), cell: { mcc: 460, mnc: 0, lac: 10365, cid: '8049' } });
    expect(gt06Report(m, 0)).toMatchObject({ latitude: 0, longitude: 0, eventIo: 0x28, io: { fix: 0, cell: '460:0:10365:8049' } });
  });

  it('alarm 0x26: tamper alert 0x13, fuel cut bit, not positioned → no fix', () => {
    const m = decode('787825260F0C1D030B26C9027AC8180C4658600004000901CC00287D001F718004041302000C472A0D0A');
    expect(m).toMatchObject({ type: 'alarm', protocol: 0x26, serial: 12, alarmCode: 0x13, alarm: 'tampering', voltageLevel: 4, gsm: 4, language: 2 });
    expect(gt06Report(m, 0)).toMatchObject({ latitude: 0, eventIo: 0x26, io: { alarm: 'tampering', event: 'tamper', gt06CutOff: 1, fix: 0 } });
  });

  it('alarm 0x27 with a fence number (powered-on alert 0x0C, no cell, not positioned)', () => {
    const m = decode('78 78 26 27 10 04 19 09 2D 07 C5 02 7A C9 1C 0C 46 58 00 00 05 37 09 00 00 00 00 00 00 00 00 80 02 00 0C 01 FF 00 00 4D F6 0D 0A');
    expect(m).toMatchObject({ type: 'alarm', protocol: 0x27, alarmCode: 0x0c, fence: 0xff, gps: { positioned: false, course: 0x137, speedKmh: 0 } });
    expect(m).not.toHaveProperty('alarm');
  });

  it('time calibration 0x8A request', () => {
    expect(decode('7878058A000688290D0A')).toEqual({ type: 'timeRequest', protocol: 0x8a, serial: 6 });
  });

  it('the manual CRC-ITU on every example reply', () => {
    for (const h of ['7878050100059FF80D0A', '787805130100E1A00D0A', '78780526001C9D860D0A', '78780E800800000000736F732300016D6A0D0A']) {
      const b = hex(h);
      expect(crcItu(b, 2, b.length - 4)).toBe(b.readUInt16BE(b.length - 4));
    }
  });
});

// Real device frames from traccar/traccar src/test/java/org/traccar/protocol/Gt06ProtocolDecoderTest.java.
describe('GT06 decoder: real device frames (Traccar test suite)', () => {
  it('login without type code (GT06N)', () => {
    expect(decode('78780D01086471700328358100093F040D0A')).toEqual({ type: 'login', protocol: 1, serial: 9, imei: '864717003283581' });
  });

  it('0x12 location with cell, southern and western hemisphere', () => {
    const m = decode('7878241216040e102c22cf00915ffb04c6016300195a02d402283b00753f400571040001dda4880d0a');
    expect(m).toMatchObject({ type: 'location', gps: { satellites: 15, positioned: true, course: 346 }, cell: { mcc: 724, mnc: 2 } });
    const r = gt06Report(m, 0);
    expect(r?.latitude).toBeCloseTo(-5.292939, 5);
    expect(r?.longitude).toBeCloseTo(-44.491859, 5);
  });

  it('0x23 heartbeat: battery volts', () => {
    expect(decode('78780B23C00122040001000818720D0A')).toMatchObject({ type: 'heartbeat', protocol: 0x23, voltage: 2.9, gsm: 4, status: { cutOff: true, gpsFixed: true } });
  });

  it('0x26 vibration alarm from a device without a fix', () => {
    const m = decode('7878252612030C063816C3026C10540C38C9700144030901CC002866000EEE0C06040302000DA2DB0D0A');
    expect(m).toMatchObject({ alarmCode: 3, alarm: 'vibration', status: { charging: true } });
  });

  it('0xA4 (4G alarm): 2-byte MNC flagged in the MCC, 4-byte LAC, 8-byte cell id', () => {
    const m = decode('78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A');
    expect(m).toMatchObject({ alarmCode: 0x11, cell: { mcc: 460, mnc: 1, lac: 0x260e, cid: String(0x0615f801) }, fence: 0xff });
  });

  it('0xA1 (4G LBS)', () => {
    const m = decode('78786CA1110B0413093801CC01000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201FF0002000541D70D0A');
    expect(m).toMatchObject({ type: 'lbs', protocol: 0xa1, cell: { mcc: 460, mnc: 1, lac: 0x25fc, cid: String(0x0618c102) } });
  });

  it('0x22 without a fix is stored at 0,0 with its cell', () => {
    const m = decode('78782322110c070f1b0270000000000000000000040081360104cb8a00bef3000000000523030d0a');
    expect(gt06Report(m, 0)).toMatchObject({ latitude: 0, longitude: 0, io: { fix: 0, cell: '310:260:52106:48883' } });
  });

  it('command replies: 0x15 ASCII and 0x21 UTF-16BE', () => {
    expect(decode('7878281520000000003c49434349443a38393838323339303030303039373330323635303e00020d446f260d0a')).toEqual({
      type: 'commandReply', protocol: 0x15, serial: 0x0d44, serverFlag: 0, text: '<ICCID:89882390000097302650>',
    });
    expect(decode('797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a')).toEqual({
      type: 'commandReply', protocol: 0x21, serial: 0x23, serverFlag: 0, text: 'Command error!',
    });
  });

  it('a packet kind it does not read (0x94 information transfer) is reported as unsupported', () => {
    expect(decode('79790008940000ed0289d6860d0a')).toEqual({ type: 'unsupported', protocol: 0x94, serial: 0x0289 });
  });
});

describe('GT06 decoder: bad frames', () => {
  const err = (h: string) => {
    try {
      decode(h);
    } catch (e) {
      expect(e).toBeInstanceOf(ProtocolError);
      return `${(e as ProtocolError).code}: ${(e as ProtocolError).message}`;
    }
    throw new Error('decoded');
  };

  it('names what is wrong', () => {
    expect(err('78780A134004040001000FDCEF0D0A')).toBe('bad_crc: GT06 CRC-ITU mismatch: frame says DCEF, computed DCEE');
    expect(err('787805120099abec0d0a')).toBe('truncated: Truncated GT06 packet 0x12: year needs 1 byte(s) at offset 4, only 0 left');
    expect(err('78780B134004040001000FDCEE0D0A')).toMatch(/^length_mismatch: GT06 packet length 11 does not match a frame of 15 bytes/);
    expect(err('7A7A0A134004040001000FDCEE0D0A')).toBe('bad_preamble: GT06 frame must start 7878 or 7979');
    expect(err('78780A134004040001000FDCEE0D0B')).toBe('length_mismatch: GT06 frame does not end 0D0A');
  });

  it('a non-BCD IMEI and an impossible date', () => {
    const login = Buffer.from('78780D010864717003A83581000900000000', 'hex');
    login.writeUInt16BE(crcItu(login, 2, 14), 14);
    login.write('0d0a', 16, 'hex');
    expect(() => decodeGt06Frame(login)).toThrow('GT06 terminal id 0864717003A83581 is not BCD digits');
    const loc = hex('787822220F0D1D023305C9027AC8180C46586000140001CC00287D001F71000001000800000D0A');
    loc.writeUInt16BE(crcItu(loc, 2, loc.length - 4), loc.length - 4);
    expect(() => decodeGt06Frame(loc)).toThrow('GT06 date/time 15 13 29 02 51 05 (YY MM DD hh mm ss) is not a valid time');
  });
});
