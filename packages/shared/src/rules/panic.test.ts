import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PanicAlert } from '../alerts/alerts.schema.ts';
import { formatPanicString, parsePanicRecord, parsePanicString, stripPanicSeparators } from './panic.ts';

const a17: PanicAlert = { vehicle: 'AB12 CDE', loc: 'Leeds LS1', updated: '2026-11-22T08:00:00Z', uid: 17, aid: 902 };
const b5: PanicAlert = { vehicle: 'YX70 ZZZ', loc: '', updated: '2026-11-22T09:30:00Z', uid: 5, aid: 903 };

describe('parsePanicString (spec 9: records on "#", fields on "|": vehicle|loc|updated|uid|aid)', () => {
  const table: Array<[name: string, text: string | null, alerts: PanicAlert[]]> = [
    ['no alerts', '', []],
    ['missing string', null, []],
    ['one record', 'AB12 CDE|Leeds LS1|2026-11-22T08:00:00Z|17|902', [a17]],
    ['two records', 'AB12 CDE|Leeds LS1|2026-11-22T08:00:00Z|17|902#YX70 ZZZ||2026-11-22T09:30:00Z|5|903', [a17, b5]],
    ['trailing separator', 'AB12 CDE|Leeds LS1|2026-11-22T08:00:00Z|17|902#', [a17]],
    ['leading and doubled separators', '##AB12 CDE|Leeds LS1|2026-11-22T08:00:00Z|17|902##', [a17]],
    ['blank record between', 'AB12 CDE|Leeds LS1|2026-11-22T08:00:00Z|17|902# \n#YX70 ZZZ||2026-11-22T09:30:00Z|5|903', [a17, b5]],
    ['ids with spaces around them', 'AB12 CDE|Leeds LS1|2026-11-22T08:00:00Z| 17 | 902', [a17]],
    ['too few fields is skipped', 'AB12 CDE|Leeds|17|902#YX70 ZZZ||2026-11-22T09:30:00Z|5|903', [b5]],
    ['too many fields is skipped', 'AB12 CDE|Leeds|x|y|17|902', []],
    ['non-numeric uid is skipped', 'AB12 CDE|Leeds|2026-11-22T08:00:00Z|abc|902', []],
    ['negative aid is skipped', 'AB12 CDE|Leeds|2026-11-22T08:00:00Z|17|-1', []],
    ['fractional uid is skipped', 'AB12 CDE|Leeds|2026-11-22T08:00:00Z|1.5|902', []],
    ['empty aid is skipped', 'AB12 CDE|Leeds|2026-11-22T08:00:00Z|17|', []],
  ];
  it.each(table)('%s', (_name, text, alerts) => expect(parsePanicString(text)).toEqual(alerts));
  it('a record keeps the spaces inside its text fields', () => {
    expect(parsePanicRecord(' AB12 CDE | Leeds |t|1|2')).toEqual({ vehicle: ' AB12 CDE ', loc: ' Leeds ', updated: 't', uid: 1, aid: 2 });
  });
});

describe('formatPanicString', () => {
  it('writes vehicle|loc|updated|uid|aid joined by "#"', () => {
    expect(formatPanicString([a17, b5])).toBe(
      'AB12 CDE|Leeds LS1|2026-11-22T08:00:00Z|17|902#YX70 ZZZ||2026-11-22T09:30:00Z|5|903',
    );
    expect(formatPanicString([])).toBe('');
  });
  it('strips "#" and "|" from text so a value cannot split its record', () => {
    const text = formatPanicString([{ ...a17, vehicle: 'AB#12|CDE', loc: 'Gate #4 | North' }]);
    expect(text).toBe('AB12CDE|Gate 4  North|2026-11-22T08:00:00Z|17|902');
    expect(parsePanicString(text)).toEqual([{ ...a17, vehicle: 'AB12CDE', loc: 'Gate 4  North' }]);
  });
  it('refuses ids that would not read back', () => {
    expect(() => formatPanicString([{ ...a17, uid: 1.5 }])).toThrow('Panic alert uid must be a non-negative integer, got 1.5');
    expect(() => formatPanicString([{ ...a17, aid: -3 }])).toThrow(RangeError);
  });
});

describe('panic string round trip (property)', () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', '#', '|', ':', '-', '\n', 'é') });
  const alert = fc.record({ vehicle: text, loc: text, updated: text, uid: fc.nat(), aid: fc.nat() });
  it('parse(format(alerts)) gives the alerts back, with separators stripped from text', () => {
    fc.assert(
      fc.property(fc.array(alert, { maxLength: 8 }), (alerts) => {
        const expected = alerts.map((a) => ({
          ...a,
          vehicle: stripPanicSeparators(a.vehicle),
          loc: stripPanicSeparators(a.loc),
          updated: stripPanicSeparators(a.updated),
        }));
        expect(parsePanicString(formatPanicString(alerts))).toEqual(expected);
      }),
    );
  });
  it('any string parses without throwing, into well-formed alerts', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        for (const a of parsePanicString(s)) {
          expect(Number.isSafeInteger(a.uid) && a.uid >= 0 && Number.isSafeInteger(a.aid) && a.aid >= 0).toBe(true);
          expect(`${a.vehicle}${a.loc}${a.updated}`).not.toMatch(/[#|]/);
        }
      }),
    );
  });
});
