import { commandsOf, type KnownCommand } from '@fleet/shared/commands/command-catalogue';
import { checkCommand, commandProtocolOf, NOT_ADMIN_COMMAND_TEXT } from '@fleet/shared/commands/command-rules';
import { canChange, isAdmin, isViewer } from '@fleet/shared/rules/admin';

/** What the signed-in user may do with a unit's commands (the server decides again on every send). */
export type CommandRole = 'admin' | 'operator' | 'viewer' | 'none';

export function commandRoleOf(usertype: unknown): CommandRole {
  if (isAdmin(usertype)) return 'admin';
  if (isViewer(usertype)) return 'viewer';
  return canChange(usertype) ? 'operator' : 'none';
}

/**
 * The known commands offered for a unit whose latest position came by `positionProtocol`: every
 * one of its protocol (all protocols' when not known) for administrators, the read-only ones for
 * operators, none for anyone else.
 */
export function offeredCommands(role: CommandRole, positionProtocol: string | null | undefined): KnownCommand[] {
  if (role !== 'admin' && role !== 'operator') return [];
  return commandsOf(commandProtocolOf(positionProtocol)).filter((c) => role === 'admin' || !c.changes);
}

/** The known command a typed text is (its word recognised), or null. */
export function knownCommandOf(text: string, positionProtocol: string | null | undefined): KnownCommand | null {
  const check = checkCommand(text, commandProtocolOf(positionProtocol));
  if (check.ok) return check.known;
  return commandsOf(commandProtocolOf(positionProtocol)).find((c) => c.head.test(text.trim())) ?? null;
}

/** Why the typed text would be refused before sending, for this role; null when it may go. */
export function commandProblem(text: string, role: CommandRole, positionProtocol: string | null | undefined): string | null {
  const check = checkCommand(text, commandProtocolOf(positionProtocol));
  if (!check.ok) return check.message;
  if (check.changes && role !== 'admin') return NOT_ADMIN_COMMAND_TEXT;
  return null;
}
