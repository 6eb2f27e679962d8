// J1939 fault catalogue: what a Suspect Parameter Number (SPN) names and what a Failure Mode
// Identifier (FMI) says went wrong with it.
//
// Sources (SAE documents, paywalled; we hold their numbers and short names, not their text):
// - SPN names: SAE J1939-71 "Vehicle Application Layer", the parameter definitions (section 5.2),
//   SPN number → parameter name. Our wording shortens the SAE name to what a fleet engineer reads
//   on a screen ('Engine intake manifold #1 pressure' → 'Boost pressure (intake manifold 1)').
// - FMI texts: SAE J1939-73 "Application Layer — Diagnostics", the failure mode table (FMI 0–31,
//   22–30 reserved for SAE assignment). Our wording is the standard's, shortened the same way.
// - Severity per SPN (critical / warning / info) is ours, not SAE's: what a stopped engine, brakes
//   or an emissions derate means to an operator. The rule that combines it with the FMI is in
//   describe-fault.ts and docs/decisions.md.

/** How urgent a fault is for the operator: stop soon, deal with it this week, note it. */
export type FaultSeverity = 'critical' | 'warning' | 'info';

export interface SpnEntry {
  name: string;
  /** The parameter's own weight: engine protection and brakes are critical, emissions a warning. */
  level: FaultSeverity;
  group: 'engine' | 'fuel' | 'emissions' | 'brakes' | 'electrical' | 'vehicle' | 'network';
}

const e = (name: string, level: FaultSeverity, group: SpnEntry['group']): SpnEntry => ({ name, level, group });

/** SPN → name (SAE J1939-71), our severity and group. */
export const J1939_SPNS: ReadonlyMap<number, SpnEntry> = new Map<number, SpnEntry>([
  [22, e('Crankcase blow-by pressure', 'warning', 'engine')],
  [27, e('EGR valve position', 'warning', 'emissions')],
  [38, e('Fuel level 2', 'info', 'fuel')],
  [51, e('Throttle position', 'warning', 'engine')],
  [52, e('Intercooler temperature', 'warning', 'engine')],
  [70, e('Parking brake switch', 'warning', 'brakes')],
  [81, e('Particulate filter inlet pressure', 'warning', 'emissions')],
  [84, e('Vehicle speed (wheel-based)', 'warning', 'vehicle')],
  [91, e('Accelerator pedal position', 'warning', 'engine')],
  [92, e('Engine load', 'info', 'engine')],
  [94, e('Fuel delivery pressure', 'warning', 'fuel')],
  [95, e('Fuel filter differential pressure', 'warning', 'fuel')],
  [96, e('Fuel level', 'info', 'fuel')],
  [97, e('Water in fuel', 'warning', 'fuel')],
  [98, e('Engine oil level', 'critical', 'engine')],
  [99, e('Oil filter differential pressure', 'warning', 'engine')],
  [100, e('Engine oil pressure', 'critical', 'engine')],
  [101, e('Crankcase pressure', 'warning', 'engine')],
  [102, e('Boost pressure (intake manifold 1)', 'warning', 'engine')],
  [105, e('Intake manifold 1 temperature', 'warning', 'engine')],
  [107, e('Air filter differential pressure', 'warning', 'engine')],
  [108, e('Barometric pressure', 'info', 'engine')],
  [110, e('Engine coolant temperature', 'critical', 'engine')],
  [111, e('Engine coolant level', 'critical', 'engine')],
  [117, e('Brake primary air pressure', 'critical', 'brakes')],
  [118, e('Brake secondary air pressure', 'critical', 'brakes')],
  [157, e('Fuel rail pressure (injector metering rail 1)', 'critical', 'fuel')],
  [158, e('Battery potential (key switch)', 'warning', 'electrical')],
  [168, e('Battery potential', 'warning', 'electrical')],
  [171, e('Ambient air temperature', 'info', 'vehicle')],
  [173, e('Exhaust gas temperature', 'warning', 'emissions')],
  [174, e('Fuel temperature', 'warning', 'fuel')],
  [175, e('Engine oil temperature', 'critical', 'engine')],
  [190, e('Engine speed', 'critical', 'engine')],
  [245, e('Total vehicle distance', 'info', 'vehicle')],
  [247, e('Engine total hours of operation', 'info', 'engine')],
  [411, e('EGR differential pressure', 'warning', 'emissions')],
  [412, e('EGR temperature', 'warning', 'emissions')],
  [521, e('Brake pedal position', 'critical', 'brakes')],
  [563, e('Anti-lock braking (ABS) active', 'warning', 'brakes')],
  [597, e('Brake switch', 'warning', 'brakes')],
  [598, e('Clutch switch', 'info', 'vehicle')],
  [629, e('Engine controller (ECU)', 'critical', 'electrical')],
  [636, e('Camshaft position sensor', 'critical', 'engine')],
  [637, e('Crankshaft position sensor', 'critical', 'engine')],
  [639, e('J1939 network 1 (CAN bus)', 'warning', 'network')],
  [641, e('Variable geometry turbocharger actuator', 'warning', 'engine')],
  [651, e('Fuel injector cylinder 1', 'warning', 'fuel')],
  [652, e('Fuel injector cylinder 2', 'warning', 'fuel')],
  [653, e('Fuel injector cylinder 3', 'warning', 'fuel')],
  [654, e('Fuel injector cylinder 4', 'warning', 'fuel')],
  [655, e('Fuel injector cylinder 5', 'warning', 'fuel')],
  [656, e('Fuel injector cylinder 6', 'warning', 'fuel')],
  [723, e('Engine speed sensor 2', 'warning', 'engine')],
  [789, e('ABS wheel sensor, axle 1 left', 'warning', 'brakes')],
  [790, e('ABS wheel sensor, axle 1 right', 'warning', 'brakes')],
  [791, e('ABS wheel sensor, axle 2 left', 'warning', 'brakes')],
  [792, e('ABS wheel sensor, axle 2 right', 'warning', 'brakes')],
  [793, e('ABS wheel sensor, axle 3 left', 'warning', 'brakes')],
  [794, e('ABS wheel sensor, axle 3 right', 'warning', 'brakes')],
  [795, e('ABS pressure modulator valve, axle 1 left', 'critical', 'brakes')],
  [796, e('ABS pressure modulator valve, axle 1 right', 'critical', 'brakes')],
  [797, e('ABS pressure modulator valve, axle 2 left', 'critical', 'brakes')],
  [798, e('ABS pressure modulator valve, axle 2 right', 'critical', 'brakes')],
  [917, e('Total vehicle distance (high resolution)', 'info', 'vehicle')],
  [1127, e('Turbocharger 1 boost pressure', 'warning', 'engine')],
  [1136, e('Engine ECU temperature', 'warning', 'electrical')],
  [1569, e('Engine protection torque derate', 'critical', 'engine')],
  [1624, e('Tachograph vehicle speed', 'warning', 'vehicle')],
  [1761, e('AdBlue (DEF) tank level', 'warning', 'emissions')],
  [2659, e('EGR mass flow rate', 'warning', 'emissions')],
  [2791, e('EGR valve control', 'warning', 'emissions')],
  [3031, e('AdBlue (DEF) tank temperature', 'warning', 'emissions')],
  [3216, e('NOx sensor, aftertreatment intake', 'warning', 'emissions')],
  [3226, e('NOx sensor, aftertreatment outlet', 'warning', 'emissions')],
  [3242, e('DPF intake gas temperature', 'warning', 'emissions')],
  [3246, e('DPF outlet gas temperature', 'warning', 'emissions')],
  [3251, e('DPF differential pressure', 'warning', 'emissions')],
  [3464, e('Throttle actuator control', 'warning', 'engine')],
  [3509, e('Sensor supply voltage 1', 'warning', 'electrical')],
  [3510, e('Sensor supply voltage 2', 'warning', 'electrical')],
  [3719, e('DPF soot load', 'warning', 'emissions')],
  [3720, e('DPF ash load', 'warning', 'emissions')],
  [4094, e('NOx limit exceeded: poor AdBlue quality', 'warning', 'emissions')],
  [4096, e('NOx limit exceeded: AdBlue tank empty', 'warning', 'emissions')],
  [4364, e('SCR conversion efficiency', 'warning', 'emissions')],
  [5394, e('AdBlue (DEF) dosing valve', 'warning', 'emissions')],
]);

/** FMI 0–31 in words (SAE J1939-73 failure mode table, shortened; 22–30 reserved). */
export const J1939_FMIS: readonly string[] = [
  /* 0 */ 'above normal (most severe)',
  /* 1 */ 'below normal (most severe)',
  /* 2 */ 'erratic, intermittent or incorrect',
  /* 3 */ 'voltage above normal or shorted high',
  /* 4 */ 'voltage below normal or shorted low',
  /* 5 */ 'current below normal or open circuit',
  /* 6 */ 'current above normal or grounded circuit',
  /* 7 */ 'mechanical system not responding or out of adjustment',
  /* 8 */ 'abnormal frequency, pulse width or period',
  /* 9 */ 'abnormal update rate',
  /* 10 */ 'abnormal rate of change',
  /* 11 */ 'root cause not known',
  /* 12 */ 'bad intelligent device or component',
  /* 13 */ 'out of calibration',
  /* 14 */ 'special instructions',
  /* 15 */ 'above normal (least severe)',
  /* 16 */ 'above normal (moderately severe)',
  /* 17 */ 'below normal (least severe)',
  /* 18 */ 'below normal (moderately severe)',
  /* 19 */ 'received network data in error',
  /* 20 */ 'data drifted high',
  /* 21 */ 'data drifted low',
  ...Array.from({ length: 9 }, () => 'reserved failure mode'),
  /* 31 */ 'condition exists',
];
