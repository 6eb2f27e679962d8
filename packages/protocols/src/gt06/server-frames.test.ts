import { describe, expect, it } from 'vitest';
import { gt06Alarm } from './alarms.ts';
import { decodeGt06ServerFrame } from './decode-server.ts';
import { encodeGt06Command, encodeGt06Reply, encodeGt06TimeReply } from './encode.ts';

const hex = (h: string) => Buffer.from(h, 'hex');

describe('what a server sends a GT06 device (decoded for the simulator and tests)', () => {
  it('the JM-VL03 manual examples: answers, time calibration, online command', () => {
    expect(decodeGt06ServerFrame(hex('7878050100059FF80D0A'))).toEqual({ type: 'reply', protocol: 0x01, serial: 5 });
    expect(decodeGt06ServerFrame(hex('78780B8A0F0C1D0000150006F0860D0A'))).toEqual({
      type: 'time', protocol: 0x8a, serial: 6, timeMs: Date.UTC(2015, 11, 29, 0, 0, 21),
    });
    expect(decodeGt06ServerFrame(hex('78780E800800000000736F732300016D6A0D0A'))).toEqual({
      type: 'command', protocol: 0x80, serial: 1, serverFlag: 0, text: 'sos#',
    });
  });

  it('our encoders produce exactly those bytes', () => {
    expect(encodeGt06Reply(0x01, 5).toString('hex').toUpperCase()).toBe('7878050100059FF80D0A');
    expect(encodeGt06TimeReply(6, Date.UTC(2015, 11, 29, 0, 0, 21)).toString('hex').toUpperCase()).toBe('78780B8A0F0C1D0000150006F0860D0A');
    expect(encodeGt06Command('sos#', 0, 1).toString('hex').toUpperCase()).toBe('78780E800800000000736F732300016D6A0D0A');
  });

  it('an answer with content it should not have is refused', () => {
    expect(() => decodeGt06ServerFrame(hex('78780A134004040001000FDCEE0D0A'))).toThrow('GT06 answer 0x13 carries 5 unexpected byte(s)');
  });
});

describe('alarm names', () => {
  it('the alert byte wins; with alert 0, the GT06N status bits 5–3 say it', () => {
    expect(gt06Alarm(0x01, 0)).toBe('sos');
    expect(gt06Alarm(0x06, 4)).toBe('overspeed');
    expect(gt06Alarm(0x04, 4)).toBeUndefined();
    expect(gt06Alarm(0, 4)).toBe('sos');
    expect(gt06Alarm(0, 3)).toBe('lowBattery');
    expect(gt06Alarm(0, 2)).toBe('powerCut');
    expect(gt06Alarm(0, 1)).toBe('vibration');
    expect(gt06Alarm(0, 0)).toBeUndefined();
  });
});
