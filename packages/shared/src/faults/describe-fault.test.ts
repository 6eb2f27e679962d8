import { describe, expect, it } from 'vitest';
import { describeFault, faultDetail, faultSeverity, fmiText } from './describe-fault.ts';
import { J1939_FMIS, J1939_SPNS } from './j1939-catalogue.ts';

describe('the J1939 catalogue', () => {
  it('names the common SPNs the brief and the simulator use', () => {
    for (const spn of [84, 94, 96, 97, 100, 102, 105, 110, 157, 168, 190, 1761, 3216, 3226, 3251, 3719, 789, 117]) {
      expect(J1939_SPNS.get(spn)?.name, `SPN ${spn}`).toBeTruthy();
    }
    expect(J1939_SPNS.size).toBeGreaterThanOrEqual(40);
  });

  it('has words for every FMI 0–31 (J1939-73), 22–30 reserved', () => {
    expect(J1939_FMIS).toHaveLength(32);
    expect(fmiText(0)).toBe('above normal (most severe)');
    expect(fmiText(5)).toBe('current below normal or open circuit');
    expect(fmiText(25)).toBe('reserved failure mode');
    expect(fmiText(31)).toBe('condition exists');
  });
});

describe('describeFault', () => {
  it.each([
    ['SPN 110 FMI 0', 110, 0, 'Engine coolant temperature — above normal (most severe)', 'critical'],
    ['SPN 100 FMI 1', 100, 1, 'Engine oil pressure — below normal (most severe)', 'critical'],
    ['SPN 97 FMI 0', 97, 0, 'Water in fuel — above normal (most severe)', 'warning'],
    ['SPN 168 FMI 1', 168, 1, 'Battery potential — below normal (most severe)', 'warning'],
    ['SPN 1761 FMI 1', 1761, 1, 'AdBlue (DEF) tank level — below normal (most severe)', 'warning'],
    ['SPN 3226 FMI 2', 3226, 2, 'NOx sensor, aftertreatment outlet — erratic, intermittent or incorrect', 'warning'],
    ['SPN 1761 FMI 17', 1761, 17, 'AdBlue (DEF) tank level — below normal (least severe)', 'info'],
    ['SPN 110 FMI 3', 110, 3, 'Engine coolant temperature — voltage above normal or shorted high', 'warning'],
    ['SPN 795 FMI 5', 795, 5, 'ABS pressure modulator valve, axle 1 left — current below normal or open circuit', 'critical'],
    ['SPN 96 FMI 1', 96, 1, 'Fuel level — below normal (most severe)', 'warning'],
    ['SPN 5555 FMI 4', 5555, 4, 'Unknown SPN 5555 — voltage below normal or shorted low', 'warning'],
    ['spn:110 fmi:16', 110, 16, 'Engine coolant temperature — above normal (moderately severe)', 'warning'],
    [' SPN 1569 FMI 31 ', 1569, 31, 'Engine protection torque derate — condition exists', 'critical'],
  ])('%s → %s', (code, spn, fmi, text, severity) => {
    expect(describeFault(code)).toEqual({ code: code.trim(), spn, fmi, text, severity });
  });

  it('passes OBD codes through readable', () => {
    expect(describeFault('P0101')).toEqual({ code: 'P0101', spn: null, fmi: null, text: 'OBD-II powertrain code P0101', severity: 'warning' });
    expect(describeFault('u1001').text).toBe('manufacturer network code U1001');
  });

  it('shows what it cannot read as sent: an FMI past 31, an SPN past 19 bits, other text', () => {
    expect(describeFault('SPN 110 FMI 40')).toMatchObject({ spn: null, fmi: null, text: 'Fault code SPN 110 FMI 40' });
    expect(describeFault('SPN 600000 FMI 1')).toMatchObject({ spn: null, text: 'Fault code SPN 600000 FMI 1' });
    expect(describeFault('0x01ff')).toMatchObject({ spn: null, text: 'Fault code 0x01ff', severity: 'warning' });
  });

  it('rates an unknown SPN as a warning but lets the FMI lower it', () => {
    expect(faultSeverity(undefined, 0)).toBe('warning');
    expect(faultSeverity(undefined, 15)).toBe('info');
  });
});

describe('faultDetail', () => {
  it('keeps each code beside its words, so the alert stays searchable by code', () => {
    expect(faultDetail(['SPN 110 FMI 0', 'P0101', 'junk'])).toBe(
      'SPN 110 FMI 0: Engine coolant temperature — above normal (most severe); P0101: OBD-II powertrain code P0101; junk');
  });
});
