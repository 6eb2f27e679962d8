import { type AvlCodec, CODEC_8, CODEC_8E, CODEC_16 } from './types.ts';

/** How the IO block of a record is laid out for one codec. */
export interface IoLayout {
  /** Width of IO ids, including the event IO id. */
  idBytes: 1 | 2;
  /** Width of the total IO count and of each group's count. */
  countBytes: 1 | 2;
  /** Codec 16 puts a generation-type byte after the event IO id. */
  generationType: boolean;
  /** Codec 8E ends with a group of (id, length, bytes) values. */
  variableGroup: boolean;
}

export const IO_LAYOUTS: Record<AvlCodec, IoLayout> = {
  [CODEC_8]: { idBytes: 1, countBytes: 1, generationType: false, variableGroup: false },
  [CODEC_8E]: { idBytes: 2, countBytes: 2, generationType: false, variableGroup: true },
  [CODEC_16]: { idBytes: 2, countBytes: 1, generationType: true, variableGroup: false },
};

/** The fixed-width groups in wire order. */
export const FIXED_SIZES = [1, 2, 4, 8] as const;

export function isAvlCodec(id: number): id is AvlCodec {
  return id === CODEC_8 || id === CODEC_8E || id === CODEC_16;
}

/** Bytes per record before the IO block: timestamp, priority, lon, lat, altitude, angle, satellites, speed. */
export const GPS_RECORD_BYTES = 8 + 1 + 4 + 4 + 2 + 2 + 1 + 2;
