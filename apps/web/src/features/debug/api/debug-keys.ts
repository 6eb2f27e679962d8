// Cache keys of the debug page's answers.
export const debugKeys = {
  lastUnitInfo: (uid: number) => ['lastunitinfo', uid] as const,
  flaggedRecords: (uid: number) => ['unitflaggedrecords', uid] as const,
};
