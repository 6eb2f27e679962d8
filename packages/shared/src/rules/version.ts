/** The login version string: 'LIVE' or 'DEV' followed by ':231'. */
export const VERSION_NUMBER = '231';
export type BuildKind = 'LIVE' | 'DEV';

export function versionString(kind: BuildKind): string {
  return `${kind}:${VERSION_NUMBER}`;
}

/** Parses a login version string; null when it is not one the server accepts. */
export function parseVersionString(value: string): { kind: BuildKind; version: string } | null {
  const m = /^(LIVE|DEV):(\d+)$/.exec(value);
  if (!m || m[2] !== VERSION_NUMBER) return null;
  return { kind: m[1] as BuildKind, version: m[2] };
}
