import type { CommandContext } from './codec12-replies.ts';

/**
 * Plausible answers of a Concox tracker to its SMS/online commands. `DYD,<password>#` cuts the
 * fuel/power relay (DOUT1 in the simulated vehicle, which keeps a parked vehicle parked),
 * `HFYD,<password>#` restores it; `RELAY,1#` / `RELAY,0#` do the same on newer models.
 */
export function replyToGt06Command(command: string, ctx: CommandContext): string {
  const text = command.trim().toUpperCase();
  const word = text.split(/[,#]/)[0] ?? '';
  const date = new Date(ctx.nowMs).toISOString().slice(0, 19).replace('T', ' ');
  switch (word) {
    case 'DYD':
      ctx.setOutputs([true, ctx.outputs[1]]);
      return 'Cut off the fuel supply: Success!';
    case 'HFYD':
      ctx.setOutputs([false, ctx.outputs[1]]);
      return 'Restore fuel supply: Success!';
    case 'RELAY': {
      const on = text.startsWith('RELAY,1');
      ctx.setOutputs([on, ctx.outputs[1]]);
      return on ? 'Cut off the fuel supply: Success!' : 'Restore fuel supply: Success!';
    }
    case 'STATUS':
      return `Battery:4.10V,NORMAL; GPRS:Link Up; GSM Signal Level:${ctx.gsm >= 3 ? 'Strong' : 'Weak'}; ` +
        `GPS:${ctx.satellites > 0 ? `Successful positioning, SVs:${ctx.satellites}` : 'Positioning'}; ACC:${ctx.ignition ? 'ON' : 'OFF'}; Defense:OFF`;
    case 'WHERE':
      return `Lat:${ctx.lat >= 0 ? 'N' : 'S'}${Math.abs(ctx.lat).toFixed(6)},Lon:${ctx.lon >= 0 ? 'E' : 'W'}${Math.abs(ctx.lon).toFixed(6)},` +
        `Course:${Math.round(ctx.heading)},Speed:${Math.round(ctx.speedKmh)}Km/h,DateTime:${date}`;
    case 'VERSION':
      return `[VERSION]GT06N_SIM_V1.0 [IMEI]${ctx.imei}`;
    default:
      return 'Command error!';
  }
}
