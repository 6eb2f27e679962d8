import { describe, expect, it } from 'vitest';
import { KNOWN_COMMANDS } from './command-catalogue.ts';
import { checkCommand, commandProtocolOf, isReadOnlyCommand, READ_ONLY_COMMANDS } from './command-rules.ts';

describe('command catalogue', () => {
  it('holds a well-formed example for every known command, recognised as that command', () => {
    for (const c of KNOWN_COMMANDS) {
      const check = checkCommand(c.example, c.protocol);
      expect(check, c.name).toEqual({ ok: true, known: c, changes: c.changes });
    }
  });

  it('marks outputs, settings and restarts as changing the device, queries as not', () => {
    expect(KNOWN_COMMANDS.filter((c) => c.changes).map((c) => c.name).sort()).toEqual(
      ['AT+GTOUT', 'AT+GTRTO 3', 'DYD', 'HFYD', 'RELAY', 'cpureset', 'setdigout', 'setparam'].sort(),
    );
    expect(KNOWN_COMMANDS.filter((c) => c.io).every((c) => c.changes)).toBe(true);
  });
});

describe('checkCommand', () => {
  it.each([
    ['getver', 'teltonika', false],
    ['  getinfo ', 'teltonika', false],
    ['readio 66', 'teltonika', false],
    ['getparam 1001;1002', 'teltonika', false],
    ['setdigout 1', 'teltonika', true],
    ['setdigout ?1 60', 'teltonika', true],
    ['setparam 10000:30;10001:0', 'teltonika', true],
    ['cpureset', 'teltonika', true],
    ['STATUS#', 'gt06', false],
    ['where#', 'gt06', false],
    ['DYD,000000#', 'gt06', true],
    ['RELAY,0#', 'gt06', true],
    ['AT+GTRTO=gv300,1,,,,,,0004$', 'queclink', false],
    ['AT+GTRTO=gv300,8,,,,,,FFFF', 'queclink', false],
    ['AT+GTRTO=gv300,3,,,,,,0001$', 'queclink', true],
    ['AT+GTOUT=gv300,1,,,0,0,0,0,0,0,0,,,,,,,0001$', 'queclink', true],
  ] as const)('%s (%s) is accepted; changes the device: %s', (cmd, protocol, changes) => {
    expect(checkCommand(cmd, protocol)).toMatchObject({ ok: true, changes });
  });

  it.each([
    ['readio', 'teltonika', 'readio takes one AVL id, e.g. readio 66.'],
    ['readio abc', 'teltonika', 'readio takes one AVL id, e.g. readio 66.'],
    ['getver now', 'teltonika', 'getver takes no arguments.'],
    ['setdigout 2', 'teltonika', /^setdigout takes one state per output/],
    ['getparam 1;2;3;4;5;6;7;8;9;10;11', 'teltonika', /^getparam takes one to ten/],
    ['DYD#', 'gt06', 'DYD takes the 6-digit device password: DYD,<password>#.'],
    ['RELAY,2#', 'gt06', /^RELAY takes 1 to cut/],
    ['AT+GTRTO=gv300,1,,,,,,XYZ$', 'queclink', /^AT\+GTRTO 1 takes the device password/],
  ] as const)('%s (%s) is refused with how its arguments go', (cmd, protocol, message) => {
    const check = checkCommand(cmd, protocol);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(message);
  });

  it.each([
    ['setparam 2004:evil.example', 'teltonika'],
    ['setparam 1000:5;2005:7000', 'teltonika'],
    ['flush 352094080000001,internet,,,1.2.3.4,5027,0', 'teltonika'],
    ['defaultcfg', 'teltonika'],
    ['SERVER,1,evil.example,5023,0#', 'gt06'],
    ['APN,internet#', 'gt06'],
    ['AT+GTSRI=gv300,3,,1,evil.example,5004,,0,,15,1,,,,,0002$', 'queclink'],
    ['AT+GTRTO=gv300,4,,,,,,FFFF$', 'queclink'],
  ] as const)('%s (%s) is forbidden: it would cut the device off this server', (cmd, protocol) => {
    const check = checkCommand(cmd, protocol);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(/^This command is not sent from here/);
    // Whatever the unit's protocol is thought to be.
    expect(checkCommand(cmd, null).ok).toBe(false);
  });

  it('accepts an unknown command that looks like the protocol\'s, as one that changes the device', () => {
    expect(checkCommand('getimeiccid', 'teltonika')).toEqual({ ok: true, known: null, changes: true });
    expect(checkCommand('TIMER,10#', 'gt06')).toEqual({ ok: true, known: null, changes: true });
    expect(checkCommand('AT+GTTMA=gv300,+,0,0,0,,,,,,0001$', 'queclink')).toEqual({ ok: true, known: null, changes: true });
  });

  it('refuses a command in another protocol\'s words, saying what the unit\'s look like', () => {
    expect(checkCommand('STATUS#', 'teltonika')).toEqual({ ok: false, message: expect.stringMatching(/^A Teltonika command is a word/) });
    expect(checkCommand('getinfo', 'gt06')).toEqual({ ok: false, message: expect.stringMatching(/^A GT06 command is an SMS command word/) });
    expect(checkCommand('getinfo', 'queclink')).toEqual({ ok: false, message: expect.stringMatching(/^A Queclink command is AT\+GTxxx/) });
  });

  it('knows every protocol\'s words when the unit\'s protocol is not known', () => {
    expect(checkCommand('STATUS#', null)).toMatchObject({ ok: true, changes: false });
    expect(checkCommand('getver', null)).toMatchObject({ ok: true, changes: false });
    expect(checkCommand('anything at all', null)).toEqual({ ok: true, known: null, changes: true });
  });
});

describe('isReadOnlyCommand', () => {
  it('is true only for known commands that change nothing', () => {
    expect(['getinfo', 'readio 66', 'STATUS#', 'version#'].map((c) => isReadOnlyCommand(c))).toEqual([true, true, true, true]);
    expect(['setdigout 1', 'cpureset', 'DYD,000000#', 'unknownword', 'readio x'].map((c) => isReadOnlyCommand(c))).toEqual([false, false, false, false, false]);
    expect(READ_ONLY_COMMANDS).toContain('getver');
    expect(READ_ONLY_COMMANDS).not.toContain('setdigout');
  });
});

describe('commandProtocolOf', () => {
  it('maps a position protocol to the command protocol', () => {
    expect(['teltonika', 'teltonika-udp', 'gt06', 'queclink', 'osmand', null].map(commandProtocolOf)).toEqual(
      ['teltonika', 'teltonika', 'gt06', 'queclink', null, null],
    );
  });
});
