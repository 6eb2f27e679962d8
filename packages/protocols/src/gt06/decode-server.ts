import { ProtocolError } from '../errors.ts';
import { openGt06Frame } from './decode.ts';
import { readTime } from './fields.ts';
import { GT06 } from './types.ts';

/** What a server sends a GT06 device. */
export type Gt06ServerMessage =
  | { type: 'reply'; protocol: number; serial: number }
  | { type: 'time'; protocol: number; serial: number; timeMs: number }
  | { type: 'command'; protocol: number; serial: number; serverFlag: number; text: string };

/**
 * Decodes a frame a server sends (the device's side, for simulators and tests): an empty answer
 * echoing a packet's protocol number and serial, a time calibration answer, or an online command.
 */
export function decodeGt06ServerFrame(frame: Buffer): Gt06ServerMessage {
  const { protocol, serial, reader: r } = openGt06Frame(frame);
  if (protocol === GT06.command) {
    const n = r.u8('command length');
    if (n < 4) throw new ProtocolError('invalid_field', `GT06 command length ${n} is below the 4-byte server flag`, r.offset - 1);
    const serverFlag = r.u32('server flag');
    return { type: 'command', protocol, serial, serverFlag, text: r.bytes(n - 4, 'command').toString('latin1') };
  }
  if (protocol === GT06.timeRequest && r.remaining > 0) return { type: 'time', protocol, serial, timeMs: readTime(r) };
  if (r.remaining !== 0) throw new ProtocolError('trailing_bytes', `GT06 answer 0x${protocol.toString(16)} carries ${r.remaining} unexpected byte(s)`, r.offset);
  return { type: 'reply', protocol, serial };
}
