import {
  type Icon,
  IconAlertOctagon,
  IconCarCrash,
  IconChecklist,
  IconEngine,
  IconMapPinExclamation,
  IconTool,
} from '@tabler/icons-react';
import type { AlertList } from '../hooks/alert-categories.ts';

/** Each category's icon and colour: the same on the dashboard tile and its alerts page. */
export const CATEGORY_LOOK: Record<AlertList, { icon: Icon; color: string }> = {
  panic: { icon: IconAlertOctagon, color: 'red' },
  zone: { icon: IconMapPinExclamation, color: 'orange' },
  vcl: { icon: IconChecklist, color: 'blue' },
  servicing: { icon: IconTool, color: 'cyan' },
  runover: { icon: IconCarCrash, color: 'grape' },
  spn: { icon: IconEngine, color: 'yellow' },
};
