// Cache keys of the explorer feature (fmsv2explorer/{uid}).
export const explorerKeys = {
  all: () => ['explorer'] as const,
  reports: (uid: number) => ['explorer', 'reports', uid] as const,
  series: (uid: number, io: string, from: number, to: number, points: number) => ['explorer', 'series', uid, io, from, to, points] as const,
  records: (uid: number, from: number, to: number, offset: number) => ['explorer', 'records', uid, from, to, offset] as const,
  dataPoint: (id: string) => ['explorer', 'datapoint', id] as const,
};
