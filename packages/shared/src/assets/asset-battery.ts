/**
 * An asset tracker's own battery (issue 16): what its reports say of it, by whichever protocol sent
 * them. Teltonika: IO 113 battery level (%) and IO 67 battery voltage (mV); other protocols: the
 * named attributes batteryLevel (%) and battery (V). A tracker on an unpowered asset lives on this
 * battery, so a low one is shown before the asset goes silent.
 */
export interface AssetBattery {
  volts: number | null;
  percent: number | null;
  low: boolean;
}

/** Below this level a battery reads low. */
export const LOW_BATTERY_PERCENT = 20;
/** Without a level, below this voltage a tracker's Li-ion cell (3.5 V empty, 4.2 V full) reads low. */
export const LOW_BATTERY_VOLTS = 3.65;

const numberOf = (v: number | string | undefined): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** The battery an asset tracker's latest IO reports; low by its level when known, else by its voltage. */
export function assetBattery(io: Readonly<Record<string, number | string>>): AssetBattery {
  const mv = numberOf(io['67']);
  const volts = mv !== null ? Math.round(mv) / 1000 : numberOf(io.battery);
  const level = numberOf(io['113']) ?? numberOf(io.batteryLevel);
  const percent = level !== null && level >= 0 && level <= 100 ? Math.round(level) : null;
  const low = percent !== null ? percent < LOW_BATTERY_PERCENT : volts !== null && volts > 0 && volts < LOW_BATTERY_VOLTS;
  return { volts: volts !== null && volts >= 0 ? volts : null, percent, low };
}
