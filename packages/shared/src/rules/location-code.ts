// Location codes (spec section 4): a vehicle's `loc` may start with a prefix that says what kind of
// report it was. The spec names three meanings but not the prefix values; ours are fixed here:
//   '~ME~' Movement Ended   the asset stopped moving (movement 1 -> 0)
//   '~AP~' Asset Ping       a periodic report without a movement change
//   '~AM~' Asset Movement   the asset started moving (movement 0 -> 1); raises the alarm flag
// e.g. '~AM~At Leeds depot'. A tilde never starts our location text ('At {POI}' or '{n} km from
// {town}') and is neither of the panic string's separators, so a prefixed loc stays a valid field.
// Only the exact three prefixes are codes; anything else is plain text. Prefixes are never shown.

export type LocationCode = 'movementEnded' | 'assetPing' | 'assetMovement';

/** The unit type of asset trackers: their positions carry a location code. */
export const ASSET_UNIT_TYPE = 6;

export const LOCATION_CODE_PREFIX: Readonly<Record<LocationCode, string>> = {
  movementEnded: '~ME~',
  assetPing: '~AP~',
  assetMovement: '~AM~',
};

/** The spec's name of each code, as shown to people. */
export const LOCATION_CODE_NAME: Readonly<Record<LocationCode, string>> = {
  movementEnded: 'Movement Ended',
  assetPing: 'Asset Ping',
  assetMovement: 'Asset Movement',
};

const CODES = Object.keys(LOCATION_CODE_PREFIX) as LocationCode[];

export interface ParsedLocation {
  code: LocationCode | null;
  /** The location text without the prefix. */
  text: string;
}

/** Splits a `loc` into its code (null when it carries none) and its text. */
export function parseLocation(loc: string | null | undefined): ParsedLocation {
  const value = loc ?? '';
  for (const code of CODES) {
    const prefix = LOCATION_CODE_PREFIX[code];
    if (value.startsWith(prefix)) return { code, text: value.slice(prefix.length) };
  }
  return { code: null, text: value };
}

/** A stored code name as a code; null for anything else. */
export function toLocationCode(value: string | null | undefined): LocationCode | null {
  return CODES.find((c) => c === value) ?? null;
}

/** The wire form: prefix + location text ('' prefix when there is no code). */
export function formatLocation(code: LocationCode | null | undefined, text: string): string {
  return code ? `${LOCATION_CODE_PREFIX[code]}${text}` : text;
}

/** Whether a code raises the vehicle's alarm flag (spec: 'Asset Movement' does). */
export function locationCodeRaisesAlarm(code: LocationCode | null): boolean {
  return code === 'assetMovement';
}

/**
 * What a `loc` reads as: 'Asset Movement · At Leeds depot', the bare text without a code, the
 * code's name alone when there is no text. `names` lets a client pass translated names.
 */
export function locationDisplay(loc: string | null | undefined, names: Readonly<Record<LocationCode, string>> = LOCATION_CODE_NAME): string {
  const { code, text } = parseLocation(loc);
  if (!code) return text;
  return text ? `${names[code]} · ${text}` : names[code];
}

/**
 * The code of an asset tracker's report from its movement input and the last movement value known
 * before it (null: not reported / not known). Only a change is a movement event; the first report
 * of a unit, or one without the input, is a ping.
 */
export function assetLocationCode(previous: boolean | null, current: boolean | null): LocationCode {
  if (previous === false && current === true) return 'assetMovement';
  if (previous === true && current === false) return 'movementEnded';
  return 'assetPing';
}
