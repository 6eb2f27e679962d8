/**
 * The device commands we know, per protocol: what each does, whether it changes the device, and
 * the exact form its arguments take. Sources: Teltonika's "FMB SMS/GPRS command list" (wiki, the
 * same words go over Codec 12), the Concox SMS words in docs/protocols/gt06.md, and Queclink's
 * @Track AT+GTRTO / AT+GTOUT as Traccar's Gl200ProtocolEncoder sends them (docs/protocols/queclink.md).
 * Anything not listed may still be typed by an administrator (see command-rules.ts).
 */

/** The protocols that carry commands (OsmAnd phones have no command channel). */
export type CommandProtocol = 'teltonika' | 'gt06' | 'queclink';

export const COMMAND_PROTOCOLS: readonly CommandProtocol[] = ['teltonika', 'gt06', 'queclink'];

export interface KnownCommand {
  protocol: CommandProtocol;
  /** The command word as people name it ('readio', 'STATUS#', 'AT+GTRTO 8'). */
  name: string;
  /** A ready command to send as it is or to edit (its arguments filled with a typical value). */
  example: string;
  /** What the command does, in plain words. */
  description: string;
  /** It changes the device (outputs, settings, a restart): administrators only. */
  changes: boolean;
  /** It switches an output (sendiocommand, with the notify-by-e-mail choice). */
  io?: true;
  /** Recognises the command by its word (case-insensitive), arguments or not. */
  head: RegExp;
  /** The whole command with well-formed arguments. */
  syntax: RegExp;
  /** The arguments it takes, shown when they do not fit ('' when it takes none). */
  usage: string;
}

/**
 * Commands refused whatever the role: each would change how the device reaches this server (its
 * server address, port, APN, or all its settings at once), and one wrong value loses the device for
 * good — only someone beside it, with the configurator or an SMS, can bring it back.
 */
export interface ForbiddenCommand {
  protocol: CommandProtocol;
  head: RegExp;
  why: string;
}

const tel = (name: string, description: string, changes = false): KnownCommand => ({
  protocol: 'teltonika', name, example: name, description, changes,
  head: new RegExp(`^${name}(\\s|$)`, 'i'), syntax: new RegExp(`^${name}$`, 'i'), usage: '',
});

const gt06 = (word: string, description: string): KnownCommand => ({
  protocol: 'gt06', name: `${word}#`, example: `${word}#`, description, changes: false,
  head: new RegExp(`^${word}(#|,|$)`, 'i'), syntax: new RegExp(`^${word}#$`, 'i'), usage: '',
});

/** AT+GTRTO=<password>,<sub-command>,,,,,,<serial>$ (the device password is up to 20 letters and digits, gv300 by default). */
const rto = (sub: string, description: string, changes: boolean): KnownCommand => ({
  protocol: 'queclink', name: `AT+GTRTO ${sub}`, example: `AT+GTRTO=gv300,${sub},,,,,,0001$`, description, changes,
  head: new RegExp(`^AT\\+GTRTO=[^,]*,${sub},`, 'i'),
  syntax: new RegExp(`^AT\\+GTRTO=[A-Za-z0-9]{1,20},${sub},,,,,,[0-9A-F]{4}\\$?$`, 'i'),
  usage: `the device password, sub-command ${sub} and a 4-digit hexadecimal serial number: AT+GTRTO=<password>,${sub},,,,,,<serial>$`,
});

export const KNOWN_COMMANDS: readonly KnownCommand[] = [
  tel('getinfo', 'Device runtime information: uptime, GNSS state, records kept and sent.'),
  tel('getver', 'Firmware version, IMEI, modem version and the device clock.'),
  tel('getstatus', 'Modem status: mobile data, network operator, signal.'),
  tel('getgps', 'The current GNSS fix: position, speed, satellites, date and time.'),
  tel('ggps', 'The current position as a map link.'),
  tel('getio', 'Digital inputs and outputs and analog inputs as read now.'),
  tel('battery', 'Battery state: voltage, charging.'),
  {
    protocol: 'teltonika', name: 'readio', example: 'readio 66', description: 'One IO element as read now, by its AVL id (66: external voltage).',
    changes: false, head: /^readio(\s|$)/i, syntax: /^readio \d{1,5}$/i, usage: 'one AVL id, e.g. readio 66',
  },
  {
    protocol: 'teltonika', name: 'getparam', example: 'getparam 1001', description: 'The value of one or more configuration parameters, by id.',
    changes: false, head: /^getparam(\s|$)/i, syntax: /^getparam \d{1,6}(;\d{1,6}){0,9}$/i, usage: 'one to ten parameter ids separated by ;, e.g. getparam 1001;1002',
  },
  {
    protocol: 'teltonika', name: 'setdigout', example: 'setdigout 1', description: 'Switches the digital outputs (1 on, 0 off, ? unchanged), each optionally for a number of seconds — an immobiliser or a buzzer.',
    changes: true, io: true, head: /^setdigout(\s|$)/i, syntax: /^setdigout [01?]{1,4}( \d{1,5}){0,4}$/i,
    usage: 'one state per output (1 on, 0 off, ? unchanged) and optional durations in seconds, e.g. setdigout 1 or setdigout ?1 60',
  },
  {
    protocol: 'teltonika', name: 'setparam', example: 'setparam 10000:30', description: 'Sets one or more configuration parameters (id:value).',
    changes: true, head: /^setparam(\s|$)/i, syntax: /^setparam \d{1,6}:[\x20-\x3a\x3c-\x7e]*(;\d{1,6}:[\x20-\x3a\x3c-\x7e]*){0,9}$/i,
    usage: 'one to ten id:value pairs separated by ;, e.g. setparam 10000:30',
  },
  tel('cpureset', 'Restarts the device; it reconnects within a minute.', true),

  gt06('STATUS', 'Battery, mobile data and GPS state.'),
  gt06('WHERE', 'The current position.'),
  gt06('PARAM', 'The device settings: IMEI, reporting intervals, time zone.'),
  gt06('GPRSSET', 'The server settings: APN, server address and port.'),
  gt06('VERSION', 'The firmware version.'),
  {
    protocol: 'gt06', name: 'DYD', example: 'DYD,000000#', description: 'Cuts the fuel supply or power (the relay) — only when the vehicle is slow or stopped; 000000 is the device password.',
    changes: true, io: true, head: /^DYD(,|#|$)/i, syntax: /^DYD,\d{6}#$/i, usage: 'the 6-digit device password: DYD,<password>#',
  },
  {
    protocol: 'gt06', name: 'HFYD', example: 'HFYD,000000#', description: 'Restores the fuel supply or power after DYD.',
    changes: true, io: true, head: /^HFYD(,|#|$)/i, syntax: /^HFYD,\d{6}#$/i, usage: 'the 6-digit device password: HFYD,<password>#',
  },
  {
    protocol: 'gt06', name: 'RELAY', example: 'RELAY,1#', description: 'Newer models: cuts (1) or restores (0) the fuel supply or power.',
    changes: true, io: true, head: /^RELAY(,|#|$)/i, syntax: /^RELAY,[01]#$/i, usage: '1 to cut or 0 to restore: RELAY,1#',
  },

  rto('1', 'Reports the current position now (RTL).', false),
  rto('8', 'The device and firmware version (VER).', false),
  rto('3', 'Restarts the device.', true),
  {
    protocol: 'queclink', name: 'AT+GTOUT', example: 'AT+GTOUT=gv300,1,,,0,0,0,0,0,0,0,,,,,,,0001$',
    description: 'Switches digital output 1 (1 on, 0 off) — an immobiliser on most installations.', changes: true, io: true,
    head: /^AT\+GTOUT=/i, syntax: /^AT\+GTOUT=[A-Za-z0-9]{1,20},[01],,,0,0,0,0,0,0,0,,,,,,,[0-9A-F]{4}\$?$/i,
    usage: 'the device password, 1 (on) or 0 (off) and a 4-digit hexadecimal serial: AT+GTOUT=<password>,1,,,0,0,0,0,0,0,0,,,,,,,<serial>$',
  },
];

const SERVER_WHY = 'It would change how the device reaches this server; one wrong value loses the device until someone beside it reconfigures it. Use the configurator or an SMS.';

export const FORBIDDEN_COMMANDS: readonly ForbiddenCommand[] = [
  // 2001–2006: APN, its user and password, server domain, port, protocol (Teltonika FMB parameter ids).
  { protocol: 'teltonika', head: /^setparam (\d+:[^;]*;)*200[1-6]:/i, why: SERVER_WHY },
  { protocol: 'teltonika', head: /^flush(\s|$)/i, why: SERVER_WHY },
  { protocol: 'teltonika', head: /^defaultcfg(\s|$)/i, why: 'It would reset every setting, the server address among them, to the factory values. Use the configurator.' },
  { protocol: 'gt06', head: /^(SERVER|APN)(,|#)/i, why: SERVER_WHY },
  { protocol: 'gt06', head: /^FACTORY(#|$)/i, why: 'It would reset every setting, the server address among them, to the factory values. Use an SMS.' },
  { protocol: 'queclink', head: /^AT\+GT(SRI|BSI)=/i, why: SERVER_WHY },
  { protocol: 'queclink', head: /^AT\+GTRTO=[^,]*,4,/i, why: 'It would reset every setting, the server address among them, to the factory values. Use the configurator.' },
];

/** The known commands of one protocol (all of them when the protocol is not known). */
export function commandsOf(protocol: CommandProtocol | null): KnownCommand[] {
  return KNOWN_COMMANDS.filter((c) => protocol === null || c.protocol === protocol);
}
