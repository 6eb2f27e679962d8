import type { DeviceAlarm } from '../attributes.ts';

/**
 * The alert byte of alarm packets (0x16/0x26/0x27/0xA4), from the Concox JM-VL03 manual's "Alert
 * and Language" table (the GT06N manual's codes 0x01–0x05 agree). Codes not listed keep their
 * number and name but raise no named alarm.
 */
export const GT06_ALERTS: Readonly<Record<number, { name: string; alarm?: DeviceAlarm }>> = {
  0x01: { name: 'sos', alarm: 'sos' },
  0x02: { name: 'powerCut', alarm: 'powerCut' },
  0x03: { name: 'vibration', alarm: 'vibration' },
  0x04: { name: 'fenceIn' },
  0x05: { name: 'fenceOut' },
  0x06: { name: 'overspeed', alarm: 'overspeed' },
  0x09: { name: 'towTheft' },
  0x0a: { name: 'gpsBlindSpotIn' },
  0x0b: { name: 'gpsBlindSpotOut' },
  0x0c: { name: 'poweredOn' },
  0x0d: { name: 'gpsFirstFix' },
  0x0e: { name: 'lowExternalBattery', alarm: 'lowPower' },
  0x0f: { name: 'externalBatteryProtection', alarm: 'lowPower' },
  0x10: { name: 'simChanged' },
  0x11: { name: 'poweredOff' },
  0x13: { name: 'tamper', alarm: 'tampering' },
  0x14: { name: 'door' },
  0x15: { name: 'poweredOffLowBattery', alarm: 'lowBattery' },
  0x18: { name: 'coverRemoved', alarm: 'tampering' },
  0x19: { name: 'lowInternalBattery', alarm: 'lowBattery' },
  0x23: { name: 'fall' },
  0x29: { name: 'harshAcceleration' },
  0x2a: { name: 'sharpLeft' },
  0x2b: { name: 'sharpRight' },
  0x2c: { name: 'collision' },
  0x30: { name: 'harshBraking' },
  0x32: { name: 'deviceUnplugged', alarm: 'powerCut' },
  0xfe: { name: 'accOn' },
  0xff: { name: 'accOff' },
};

/** The GT06N terminal-information bits 3–5 in an alarm packet: 4 SOS, 3 low battery, 2 power cut, 1 vibration. */
const STATUS_ALARMS: Readonly<Record<number, DeviceAlarm>> = { 4: 'sos', 3: 'lowBattery', 2: 'powerCut', 1: 'vibration' };

/** The named alarm of an alarm packet: its alert byte, else (alert byte 0, older GT06) the status bits. */
export function gt06Alarm(alertCode: number, statusAlarmBits: number): DeviceAlarm | undefined {
  if (alertCode !== 0) return GT06_ALERTS[alertCode]?.alarm;
  return STATUS_ALARMS[statusAlarmBits];
}
