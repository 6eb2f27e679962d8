import type { ReportFormat } from '@fleet/shared';
import { downloadFile } from '../../../shared/api/download-file.ts';

/** reportfile?id&format: the finished run as a file, saved by the browser under the server's name. */
export function downloadReportFile(id: number, format: ReportFormat): Promise<string> {
  return downloadFile({
    call: 'reportfile',
    params: { id: String(id), format },
    isFile: (type) => !type.startsWith('application/json'),
    failure: (status) => `The file could not be made (HTTP ${status}).`,
    fallbackName: `report-${id}.${format}`,
  });
}
