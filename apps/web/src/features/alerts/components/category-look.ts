import {
  type Icon,
  IconAlertOctagon,
  IconCarCrash,
  IconDeviceMobileExclamation,
  IconChecklist,
  IconEngine,
  IconMapPinExclamation,
  IconTool,
} from '@tabler/icons-react';
import type { AlertList } from '../hooks/alert-categories.ts';

/**
 * Each category's icon and colour: the same on the dashboard tile and its alerts page. Zone alerts
 * take the map's geofence pink (POI_COLOURS.geofence); nothing here takes a vehicle state's colour
 * (green driving, amber/yellow idling, grey stopped), so a colour means one thing on the dashboard,
 * the banner, the list and the map. Red is panic here and alarm there: the same thing.
 */
export const CATEGORY_LOOK: Record<AlertList, { icon: Icon; color: string }> = {
  panic: { icon: IconAlertOctagon, color: 'red' },
  zone: { icon: IconMapPinExclamation, color: 'pink' },
  vcl: { icon: IconChecklist, color: 'blue' },
  servicing: { icon: IconTool, color: 'cyan' },
  runover: { icon: IconCarCrash, color: 'grape' },
  spn: { icon: IconEngine, color: 'indigo' },
  device: { icon: IconDeviceMobileExclamation, color: 'orange' },
};
