import { describe, expect, it } from 'vitest';
import { commandProblem, commandRoleOf, knownCommandOf, offeredCommands } from './command-choice.ts';

describe('commands offered in the panel', () => {
  it('gives each role its part', () => {
    expect([0, 1, 2, 3, 4, null].map(commandRoleOf)).toEqual(['admin', 'admin', 'operator', 'none', 'viewer', 'none']);
  });

  it("offers administrators every command of the unit's protocol, operators only the read-only ones, viewers none", () => {
    const admin = offeredCommands('admin', 'teltonika-udp').map((c) => c.name);
    expect(admin).toContain('setdigout');
    expect(admin).toContain('getver');
    expect(admin).not.toContain('STATUS#');
    const operator = offeredCommands('operator', 'gt06').map((c) => c.name);
    expect(operator).toEqual(['STATUS#', 'WHERE#', 'PARAM#', 'GPRSSET#', 'VERSION#']);
    expect(offeredCommands('viewer', 'teltonika')).toEqual([]);
    // Protocol not known (no position yet): every protocol's commands.
    expect(offeredCommands('operator', null).map((c) => c.protocol)).toEqual(expect.arrayContaining(['teltonika', 'gt06', 'queclink']));
  });

  it('recognises a typed command, even with wrong arguments, and says what is wrong before sending', () => {
    expect(knownCommandOf('setdigout 1', 'teltonika')?.io).toBe(true);
    expect(knownCommandOf('readio x', 'teltonika')?.name).toBe('readio');
    expect(knownCommandOf('hello', 'teltonika')).toBeNull();
    expect(commandProblem('readio x', 'admin', 'teltonika')).toBe('readio takes one AVL id, e.g. readio 66.');
    expect(commandProblem('setdigout 1', 'operator', 'teltonika')).toMatch(/^Only an administrator/);
    expect(commandProblem('setdigout 1', 'admin', 'teltonika')).toBeNull();
    expect(commandProblem('getver', 'operator', 'teltonika')).toBeNull();
  });
});
