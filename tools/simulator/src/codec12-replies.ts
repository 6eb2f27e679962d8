/**
 * Plausible FMB-style answers to GPRS (Codec 12) commands. The wording follows what FMB devices
 * print for these commands; values come from the simulated vehicle.
 */
export interface CommandContext {
  imei: string;
  nowMs: number;
  startedMs: number;
  lat: number;
  lon: number;
  altitude: number;
  speedKmh: number;
  heading: number;
  satellites: number;
  gsm: number;
  ignition: boolean;
  outputs: readonly [boolean, boolean];
  /** Applies new digital outputs (setdigout). */
  setOutputs(outputs: readonly [boolean, boolean]): void;
}

export const FIRMWARE_VERSION = '03.29.00_04';

export function replyToCommand(command: string, ctx: CommandContext): string {
  const [name = '', ...args] = command.trim().split(/\s+/);
  const uptime = Math.max(0, Math.round((ctx.nowMs - ctx.startedMs) / 1000));
  const date = new Date(ctx.nowMs);
  const ymd = `${date.getUTCFullYear()}/${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
  const hms = date.toISOString().slice(11, 19);
  switch (name.toLowerCase()) {
    case 'getinfo':
      return (
        `RTC:${ymd} ${hms.slice(0, 5)} Init:${ymd} 0:0 UpTime:${uptime}s PWR:PwrVoltage RST:0 ` +
        `GPS:${ctx.satellites > 0 ? 3 : 1} SAT:${ctx.satellites} TTFF:12 TTLF:0 NOGPS:0:0 SR:0 FG:0 FL:0 SMS:0 REC:0 MD:0 DB:0`
      );
    case 'getver':
      return (
        `Code Ver:${FIRMWARE_VERSION} Device IMEI:${ctx.imei} Device ID:000000 Modem App Ver:TM25Q_R_01.00.03.00_002 ` +
        `Init:${ymd} 0:0 Uptime:${uptime} MAC:60C5A8${ctx.imei.slice(-6)} SPEC:4 HW:Galileo FMB920 Batt State:4`
      );
    case 'getstatus':
      return (
        `Data Link: 1 GPRS: 1 Phone: 0 SIM: 0 OP: 23415 Signal: ${ctx.gsm} NewSMS: 0 Roaming: 0 SMSFull: 0 ` +
        `LAC: 6140 Cell ID: ${Number(ctx.imei.slice(-5))} NetType: 1 FwUpd:-`
      );
    case 'getgps':
      return (
        `GPS:${ctx.satellites > 0 ? 1 : 0} Sat:${ctx.satellites} Lat:${ctx.lat.toFixed(6)} Long:${ctx.lon.toFixed(6)} ` +
        `Alt:${Math.round(ctx.altitude)} Speed:${ctx.speedKmh} Dir:${Math.round(ctx.heading)} Date: ${ymd} Time: ${hms}`
      );
    case 'getio':
      return `DI1:${ctx.ignition ? 1 : 0} DI2:0 DI3:0 DI4:0 AIN1:0 DO1:${ctx.outputs[0] ? 1 : 0} DO2:${ctx.outputs[1] ? 1 : 0}`;
    case 'setdigout':
      return setDigout(args[0] ?? '', ctx);
    case 'cpureset':
      return 'Reset will be performed';
    default:
      return `Unknown command: ${command.trim()}`;
  }
}

/** 'setdigout XY': X for DOUT1, Y for DOUT2, each 0, 1 or ? (leave as is); a single digit sets DOUT1. */
function setDigout(states: string, ctx: CommandContext): string {
  if (!/^[01?]{1,2}$/.test(states)) return `Param ID:setdigout value must be like 10 or 1?, got '${states}'`;
  const next = ctx.outputs.map((current, i) => {
    const c = states[i];
    return c === '1' ? true : c === '0' ? false : current;
  }) as [boolean, boolean];
  ctx.setOutputs(next);
  return `DOUT1:${next[0] ? 1 : 0} DOUT2:${next[1] ? 1 : 0} Timeout:INFINITY`;
}
