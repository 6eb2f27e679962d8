import { downloadFile } from '../../../shared/api/download-file.ts';

/** getdatarecordscsv?uid&from&to: the records of the range as a CSV file, saved under the server's name. */
export function downloadRecordsCsv(uid: number, from: number, to: number): Promise<string> {
  return downloadFile({
    call: 'getdatarecordscsv',
    params: { uid: String(uid), from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    isFile: (type) => type.startsWith('text/csv'),
    failure: (status) => `The CSV could not be made (HTTP ${status}).`,
    fallbackName: `records-${uid}.csv`,
  });
}
