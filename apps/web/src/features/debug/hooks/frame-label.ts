/**
 * A frame's kind as people read it. The server's frame log names each frame with the decoder's word
 * (apps/server/src/ingest: gt06-connection.ts `gt06 0x21 commandReply`, queclink-message.ts
 * `+RESP:GTFRI`); the debugger shows the device family, the frame in words and the device's own code,
 * "GT06 · command reply (0x21)", so both the reader and the manual can find it. Kinds of other
 * protocols (Teltonika `codec12`, `avl codec 0x8e`, `osmand`) are already their own names and stay.
 */
export function frameLabel(kind: string): string {
  return gt06Label(kind) ?? queclinkLabel(kind) ?? kind;
}

/** GT06 message words (packages/protocols gt06/types.ts) where camelCase split is not enough. */
const GT06_WORDS: Readonly<Record<string, string>> = { lbs: 'cell towers (LBS)', timeRequest: 'time request' };
/** The server's own GT06 frames without a protocol number. */
const GT06_PLAIN: Readonly<Record<string, string>> = { 'gt06 reply': 'reply', 'gt06 time': 'time reply', 'gt06 discarded': 'discarded (not decoded)' };

function gt06Label(kind: string): string | null {
  const plain = GT06_PLAIN[kind];
  if (plain) return `GT06 · ${plain}`;
  const m = /^gt06 0x([0-9a-f]{2}) ([A-Za-z]+)$/i.exec(kind);
  if (!m) return null;
  const [, code = '', word = ''] = m;
  return `GT06 · ${GT06_WORDS[word] ?? words(word)} (0x${code.toUpperCase()})`;
}

/** The Queclink connection's frames without a device word (queclink-connection.ts, queclink-message.ts). */
const QUECLINK_PLAIN: Readonly<Record<string, string>> = { sack: 'server ack (+SACK)', command: 'command', refused: 'refused (not decoded)' };

function queclinkLabel(kind: string): string | null {
  const plain = QUECLINK_PLAIN[kind];
  if (plain) return `Queclink · ${plain}`;
  const m = /^(udp )?\+(RESP|BUFF|ACK):(GT[A-Z0-9]{3})$/.exec(kind);
  if (!m) return null;
  const [, udp, head = '', type = ''] = m;
  const what = head === 'RESP' ? 'report' : head === 'BUFF' ? 'report from memory' : type === 'GTHBD' ? 'heartbeat' : 'command reply';
  return `Queclink${udp ? ' UDP' : ''} · ${what} (+${head}:${type})`;
}

/** `commandReply` → 'command reply'. */
function words(camel: string): string {
  return camel.replace(/([a-z])(?=[A-Z])/g, '$1 ').toLowerCase();
}
