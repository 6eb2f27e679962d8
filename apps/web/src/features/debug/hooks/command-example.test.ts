import { describe, expect, it } from 'vitest';
import { commandExample } from './command-example.ts';

describe("the command box's example", () => {
  it("speaks the protocol of the unit's latest position", () => {
    expect(commandExample('gt06')).toBe('STATUS#');
    expect(commandExample('queclink')).toMatch(/^AT\+GT.+\$$/);
    expect(commandExample('teltonika')).toBe('getinfo');
  });
  it('falls back to the Teltonika word when the protocol is not known yet', () => {
    expect(commandExample(null)).toBe('getinfo');
  });
});
