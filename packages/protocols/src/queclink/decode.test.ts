import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { decodeQueclink } from './decode.ts';
import { FRAMES } from './fixtures.ts';
import { queclinkHeartbeatRecord, queclinkRecords } from './records.ts';
import type { QueclinkMessage, QueclinkReport } from './types.ts';

const report = (text: string): QueclinkReport => {
  const m: QueclinkMessage = decodeQueclink(text);
  if (m.kind !== 'report') throw new Error(`not a report: ${m.kind}`);
  return m;
};
const utc = (s: string) => Date.parse(s);
const refused = (text: string, code: string, words: RegExp) => {
  let err: unknown;
  try { decodeQueclink(text); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(ProtocolError);
  expect((err as ProtocolError).code).toBe(code);
  expect((err as ProtocolError).message).toMatch(words);
};

describe('decodeQueclink: GV300 GTFRI', () => {
  it('reads the vendor example: position, cell, mileage, hour meter, battery, device status', () => {
    const r = report(FRAMES.gv300FriDoc);
    expect(r).toMatchObject({ family: 'GV300', imei: '135790246811220', type: 'GTFRI', buffered: false, countNumber: '11F0', sendTimeMs: utc('2009-02-14T09:32:54Z') });
    expect(r.positions).toEqual([{
      accuracy: 1, speedKmh: 4.3, azimuth: 92, altitude: 70, lon: 121.354335, lat: 31.222073, gpsTimeMs: utc('2009-02-14T01:32:54Z'),
      mcc: 460, mnc: 0, lac: 0x18d8, cellId: 0x6141,
    }]);
    expect(r.attributes).toMatchObject({ event: 'GTFRI', odometer: 2_000_000, hourMeter: 12345 * 3600 + 12 * 60 + 34, batteryLevel: 80, ignition: 1, motion: 0, inputs: 1, outputs: 0 });
    const [rec] = queclinkRecords(r);
    expect(rec).toMatchObject({ deviceTimeMs: utc('2009-02-14T01:32:54Z'), lat: 31.222073, lon: 121.354335, speedKmh: 4, angle: 92, altitude: 70, eventIo: 1 });
    expect(rec?.io).toMatchObject({ hdop: 1, cell: '460:0:6360:24897', countNumber: '11F0' });
    expect(rec?.io.fix).toBeUndefined();
  });

  it('reads external power in volts and the analog inputs', () => {
    const r = report(FRAMES.gv300Fri);
    expect(r.attributes).toMatchObject({ power: 14.827, adc1: 13, adc2: 180, batteryLevel: 0, ignition: 1, motion: 1, odometer: 15_989_500, reportId: 1, reportType: 0 });
    expect(r.positions[0]).toMatchObject({ accuracy: 1, speedKmh: 3.4, lat: -17.739317, lon: -63.174466 });
  });

  it('keeps a position whose cell block is empty, with no cell attribute', () => {
    const [rec] = queclinkRecords(report(FRAMES.gv300FriNoCell));
    expect(rec).toMatchObject({ lat: 0.023452, lon: -78.261047 });
    expect(rec?.io.cell).toBeUndefined();
    expect(rec?.io).toMatchObject({ ignition: 0, motion: 0, batteryLevel: 51, power: 25.202 });
  });

  it('marks +BUFF reports as buffered and keeps their own times', () => {
    const r = report(FRAMES.gv300FriBuffered);
    expect(r.buffered).toBe(true);
    expect(r.attributes.buffered).toBe(1);
    expect(queclinkRecords(r)[0]?.deviceTimeMs).toBe(utc('2016-01-16T23:40:31Z'));
  });
});

describe('decodeQueclink: ignition, SOS, generic layout', () => {
  it('GTIGN: ignition on with the off duration; accuracy 0 is stored without a fix at the send time', () => {
    const r = report(FRAMES.gv300Ign);
    expect(r.attributes).toMatchObject({ event: 'GTIGN', ignition: 1, ignitionOffSeconds: 9860, odometer: 881_200 });
    const [rec] = queclinkRecords(r);
    expect(rec).toMatchObject({ lat: 0, lon: 0, eventIo: 2, deviceTimeMs: utc('2016-03-08T22:29:56Z') });
    expect(rec?.io).toMatchObject({ fix: 0, ignition: 1, cell: `736:3:${0x6ad4}:${0x3471}` });
  });

  it('GTIGF: ignition off with the on duration (GV300 buffered, GV300W live)', () => {
    expect(report(FRAMES.gv300IgfBuffered).attributes).toMatchObject({ ignition: 0, ignitionOnSeconds: 1958, buffered: 1 });
    const w = report(FRAMES.gv300wIgf);
    expect(w).toMatchObject({ family: 'GV300W', type: 'GTIGF' });
    expect(w.attributes).toMatchObject({ ignition: 0, ignitionOnSeconds: 3519, odometer: 243_100 });
    expect(w.positions[0]?.cellId).toBe(0x52cc3de);
    expect(queclinkRecords(w)[0]?.eventIo).toBe(3);
  });

  it('GTSOS raises the sos alarm on its position', () => {
    const [rec] = queclinkRecords(report(FRAMES.gv300Sos));
    expect(rec).toMatchObject({ eventIo: 4, lat: 31.222073, lon: 121.354335 });
    expect(rec?.io).toMatchObject({ alarm: 'sos', event: 'GTSOS', odometer: 2_000_000 });
  });

  it('GTIGL report type 0 is ignition on', () => {
    expect(report(FRAMES.gv300Igl).attributes).toMatchObject({ event: 'GTIGL', ignition: 1, buffered: 1 });
  });
});

describe('decodeQueclink: GV500', () => {
  it('reads the VIN and two positions; the one without a fix is kept at 0,0', () => {
    const r = report(FRAMES.gv500FriTwo);
    expect(r).toMatchObject({ family: 'GV500', deviceName: '' });
    expect(r.attributes).toMatchObject({ vin: '1G1JC5444R7252367', batteryLevel: 80, fuel: 50, odometer: 2_000_000 });
    const recs = queclinkRecords(r);
    expect(recs).toHaveLength(2);
    expect(recs[0]).toMatchObject({ lat: 31.222073, deviceTimeMs: utc('2009-02-14T01:32:54Z') });
    expect(recs[1]).toMatchObject({ lat: 0, lon: 0, deviceTimeMs: utc('2009-02-14T09:32:54Z') });
    expect(recs[1]?.io.fix).toBe(0);
  });

  it('reads engine RPM and fuel level; nan fuel consumption is left out', () => {
    expect(report(FRAMES.gv500FriRpm).attributes).toMatchObject({ rpm: 791, fuel: 56, power: 12.802, hourMeter: 80 * 3600 + 3 * 60 + 37 });
    const nan = report(FRAMES.gv500FriNan);
    expect(nan.deviceName).toBe('gv500');
    expect(nan.attributes.fuelConsumption).toBeUndefined();
    expect(nan.attributes.rpm).toBe(0);
  });
});

describe('decodeQueclink: heartbeat and acknowledgements', () => {
  it('+ACK:GTHBD is a heartbeat with its count number', () => {
    const hb = decodeQueclink(FRAMES.gv300Heartbeat);
    expect(hb).toMatchObject({ kind: 'heartbeat', protocolVersion: '060100', imei: '135790246811220', countNumber: '11F0' });
    if (hb.kind !== 'heartbeat') throw new Error('heartbeat expected');
    expect(queclinkHeartbeatRecord(hb)).toMatchObject({ eventIo: 5, lat: 0, lon: 0, io: { fix: 0, event: 'GTHBD' } });
  });

  it('+ACK:GTSRI is a command acknowledgement with its serial number', () => {
    expect(decodeQueclink(FRAMES.gv300AckSri)).toMatchObject({ kind: 'ack', command: 'GTSRI', serialNumber: '0001', countNumber: '11F0' });
  });

  it('+RESP:GTPDP (GPRS connection established) is a report without positions and stores nothing', () => {
    for (const text of [FRAMES.gv300Pdp, FRAMES.gv500Pdp]) {
      const r = report(text);
      expect(r).toMatchObject({ type: 'GTPDP', positions: [], attributes: { event: 'GTPDP' } });
      expect(queclinkRecords(r)).toEqual([]);
    }
    expect(report(FRAMES.gv500Pdp).countNumber).toBe('0020');
    refused(FRAMES.gv300Pdp.replace(',,', ',,,'), 'count_mismatch', /GTPDP has 7 fields; a GV300 sends 6/);
  });

  it('accepts a message without its closing $ (a UDP datagram bounds it)', () => {
    expect(decodeQueclink(FRAMES.gv300FriDoc.slice(0, -1)).kind).toBe('report');
  });
});

describe('decodeQueclink: refusals', () => {
  it('names a model whose layouts are not decoded', () => refused(FRAMES.gl300Fri, 'unknown_message_type', /GL300/));
  it('refuses a 10-character protocol version', () => refused(FRAMES.gv58Fri, 'invalid_field', /protocol version '8020040200'/));
  it('refuses a report type it does not decode', () => refused('+RESP:GTINF,060100,135790246811220,,16,898600810906F8048812,16,0,1,12000,,4.4,0,0,0,0,20090214013254,0,1300,2000,00,00,+0800,0,20090214093254,11F0$', 'unknown_message_type', /GTINF/));
  it('refuses a layout not verified for the family', () => refused(FRAMES.gv300wIgf.replace('GTIGF', 'GTFRI'), 'unknown_message_type', /GTFRI from a GV300W/));
  it('refuses a field count that does not match the layout', () => refused(FRAMES.gv300FriDoc.replace(',12345:12:34', ''), 'count_mismatch', /29 fields; its layout with 1 position\(s\) has 30/));
  it('refuses a bad IMEI', () => refused(FRAMES.gv300FriDoc.replace('135790246811220', '13579024681122X'), 'bad_imei', /15-digit/));
  it('refuses an impossible GPS time', () => refused(FRAMES.gv300FriDoc.replace('20090214013254', '20090230013254'), 'bad_timestamp', /not a real date/));
  it('refuses a year before 1970 (Date.UTC would read 0099 as 1999)', () => refused(FRAMES.gv300FriDoc.replace('20090214013254', '00990214013254'), 'bad_timestamp', /before 1970/));
  it('refuses a latitude out of range', () => refused(FRAMES.gv300FriDoc.replace('31.222073', '91.222073'), 'out_of_range', /latitude/));
  it('refuses text after the closing $', () => refused(`${FRAMES.gv300FriDoc}+RESP`, 'trailing_bytes', /after its closing/));
  it('refuses a header that is not +RESP/+BUFF/+ACK', () => refused(FRAMES.gv300FriDoc.replace('+RESP', '+RSP'), 'bad_preamble', /not \+RESP/));
  it('refuses a count number that is not 4 hex digits', () => refused(FRAMES.gv300FriDoc.replace('11F0$', '11G0$'), 'invalid_field', /count number/));
});
