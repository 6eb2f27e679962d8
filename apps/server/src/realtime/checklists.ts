import type { ChecklistEvents } from '../modules/checklists/index.ts';
import { type FleetServer, siteRoom } from './rooms.ts';

/** Check list events to the site rooms: 'vcl:new' when one is signed off, 'vcl:dealt' when a fault is dealt with. */
export function checklistFeed(io: FleetServer): ChecklistEvents {
  return {
    checklistNew(siteId, event) {
      io.to(siteRoom(siteId)).emit('vcl:new', event);
    },
    faultDealt(siteId, event) {
      io.to(siteRoom(siteId)).emit('vcl:dealt', event);
    },
  };
}
