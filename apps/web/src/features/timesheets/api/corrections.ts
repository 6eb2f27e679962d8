import { type TimesheetSheet, timesheetChangeAnswerSchema } from '@fleet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { timesheetKeys } from './timesheet-keys.ts';

/**
 * The office's corrections of a driver's week: each answers the sheet as it now is, which replaces
 * the cached one; the week's list is asked again (its totals and correction counts change).
 */
export type Correction =
  | { call: 'updateshift'; body: { w: 'start' | 'end' | 'break'; id: number; nt: string | number } }
  | { call: 'updateshiftnotes'; body: { shift: number; notes: string } }
  | { call: 'addtimesheetshift'; body: { id: number; start: string; end: string; breakS?: number; notes?: string } }
  | { call: 'removetimesheetrecord'; body: { id: number } }
  | { call: 'createdufftimesheet'; body: { driver: number; wc: string } };

export function useCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: Correction): Promise<TimesheetSheet> => api.post(c.call, timesheetChangeAnswerSchema, c.body).then((a) => a.timesheet),
    onSuccess: (sheet) => {
      queryClient.setQueryData(timesheetKeys.sheet(sheet.driver.id, sheet.wc), sheet);
      void queryClient.invalidateQueries({ queryKey: timesheetKeys.lists() });
    },
  });
}
