import { sharedKeys } from '../../../shared/query-keys.ts';

// Cache keys of the debug page's answers.
export const debugKeys = {
  lastUnitInfo: sharedKeys.lastUnitInfo,
  flaggedRecords: (uid: number) => ['unitflaggedrecords', uid] as const,
};
