import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllStrings } from '../../../i18n/i18n.ts';
import { alertCauseText } from './alert-cause.ts';

// Only the startup sections are bundled with i18n.ts; the alert texts come with the rest.
beforeAll(() => loadAllStrings());

describe('alertCauseText: an alert in words (the alert lists and the fleet card say the same)', () => {
  it.each([
    [{ kind: 'runover', event: 'ignition', poi: '', detail: 'Mon–Fri 06:00–18:00' }, 'Ignition on outside working hours (Mon–Fri 06:00–18:00)'],
    [{ kind: 'runover', event: 'ignition', poi: '', detail: '' }, 'Ignition on outside working hours'],
    [{ kind: 'geofence', event: 'enter', poi: 'Depot yard' }, 'Entered Depot yard'],
    [{ kind: 'geofence', event: 'movement', poi: '' }, 'Asset Movement: started moving'],
    [{ kind: 'geofence', event: 'movement', poi: '', detail: 'outside Yard North' }, 'Asset Movement: started moving outside Yard North'],
    [{ kind: 'panic', event: 'press', poi: '' }, 'Panic button pressed'],
    [{ kind: 'spn', event: 'fault', poi: '', detail: 'SPN 100 FMI 1' }, 'Fault codes SPN 100 FMI 1'],
    [{ kind: 'fuel', event: 'drop', poi: '', detail: '38.4 l (240.0 → 201.6 l)' }, 'Fuel drop of 38.4 l (240.0 → 201.6 l)'],
  ])('%j -> %s', (alert, text) => expect(alertCauseText(alert)).toBe(text));
});
