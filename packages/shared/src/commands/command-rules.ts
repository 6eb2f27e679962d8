import { COMMAND_PROTOCOLS, commandsOf, type CommandProtocol, FORBIDDEN_COMMANDS, KNOWN_COMMANDS, type KnownCommand } from './command-catalogue.ts';

/**
 * The protocol a unit's commands are written in, from the protocol its latest position came in by
 * ('teltonika-udp' is Teltonika too); null when unknown or when the protocol carries no commands.
 */
export function commandProtocolOf(positionProtocol: string | null | undefined): CommandProtocol | null {
  if (!positionProtocol) return null;
  const base = positionProtocol.split('-')[0] ?? '';
  return (COMMAND_PROTOCOLS as readonly string[]).includes(base) ? (base as CommandProtocol) : null;
}

/** The outcome of checking a command before it is sent. */
export type CommandCheck =
  | { ok: true; known: KnownCommand | null; changes: boolean }
  | { ok: false; message: string };

/** What a protocol's commands look like at all, for a command that is not in the catalogue. */
const SHAPE: Record<CommandProtocol, { re: RegExp; message: string }> = {
  teltonika: { re: /^[a-z_][a-z0-9_]*( [\x20-\x7e]*)?$/i, message: 'A Teltonika command is a word with optional arguments after a space, e.g. getinfo or readio 66.' },
  gt06: { re: /^[A-Z][A-Z0-9]*(,[\x20-\x22\x24-\x7e]*)*#$/i, message: 'A GT06 command is an SMS command word ending in #, e.g. STATUS# or WHERE#.' },
  queclink: { re: /^AT\+GT[A-Z]{3}=[\x20-\x23\x25-\x7e]*\$?$/i, message: 'A Queclink command is AT+GTxxx=…$, e.g. AT+GTRTO=gv300,8,,,,,,0001$.' },
};

/**
 * Checks a command before it is sent to a unit whose protocol is `protocol` (null: not known, every
 * protocol's words count): refused outright when it would cut the device off this server; a known
 * command must have well-formed arguments; an unknown one must at least look like the protocol's
 * commands, and counts as changing the device (administrators only).
 */
export function checkCommand(text: string, protocol: CommandProtocol | null): CommandCheck {
  const cmd = text.trim();
  const forbidden = FORBIDDEN_COMMANDS.find((f) => (protocol === null || f.protocol === protocol) && f.head.test(cmd));
  if (forbidden) return { ok: false, message: `This command is not sent from here: ${forbidden.why}` };
  const known = commandsOf(protocol).find((c) => c.head.test(cmd));
  if (known) {
    if (known.syntax.test(cmd)) return { ok: true, known, changes: known.changes };
    return { ok: false, message: `${known.name} takes ${known.usage || 'no arguments'}.` };
  }
  if (protocol !== null && !SHAPE[protocol].re.test(cmd)) return { ok: false, message: SHAPE[protocol].message };
  return { ok: true, known: null, changes: true };
}

/** Whether anyone who may send commands (operators too) may send this one: a known command that changes nothing. */
export function isReadOnlyCommand(cmd: string, protocol: CommandProtocol | null = null): boolean {
  const check = checkCommand(cmd, protocol);
  return check.ok && !check.changes;
}

/** The read-only commands' names (the debugger's hint). */
export const READ_ONLY_COMMANDS: readonly string[] = KNOWN_COMMANDS.filter((c) => !c.changes).map((c) => c.name);

/** The refusal of a command that changes the device to someone who is not an administrator. */
export const NOT_ADMIN_COMMAND_TEXT = 'Only an administrator may send this command: it changes the device.';
