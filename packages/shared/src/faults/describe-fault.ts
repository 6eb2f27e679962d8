import { type FaultSeverity, J1939_FMIS, J1939_SPNS, type SpnEntry } from './j1939-catalogue.ts';

/** A device's fault code in words. spn/fmi are null for a code that is not J1939 (an OBD P-code, or text we cannot read). */
export interface DescribedFault {
  code: string;
  spn: number | null;
  fmi: number | null;
  text: string;
  severity: FaultSeverity;
}

// 'SPN 110 FMI 0' is what the Teltonika IO 281 list holds (io-map faultCodes); some firmware
// writes 'SPN:110 FMI:0' or 'SPN110/FMI0'. An SPN is 19 bits, an FMI 5 (J1939-73 DM1).
const J1939 = /^SPN\s*:?\s*(\d{1,6})\s*[/,-]?\s*FMI\s*:?\s*(\d{1,2})$/i;
const OBD = /^([PCBU])([0-3])([0-9A-F]{3})$/i;
const OBD_SYSTEM: Readonly<Record<string, string>> = { P: 'powertrain', C: 'chassis', B: 'body', U: 'network' };
const MAX_SPN = 524_287;

const RANK: Readonly<Record<FaultSeverity, number>> = { info: 0, warning: 1, critical: 2 };
const atLeast = (a: FaultSeverity, b: FaultSeverity): FaultSeverity => (RANK[a] >= RANK[b] ? a : b);
const atMost = (a: FaultSeverity, b: FaultSeverity): FaultSeverity => (RANK[a] <= RANK[b] ? a : b);

/**
 * How urgent an SPN/FMI pair is (our rule, docs/decisions.md): a 'most severe' reading (FMI 0/1)
 * is at least a warning; a 'least severe' one (15/17) is info; 'condition exists' (31) is the
 * SPN's own level; any other mode is a circuit, sensor or data fault, at most a warning, except
 * on brakes and the engine controller, where a broken part is the fault itself.
 */
export function faultSeverity(entry: SpnEntry | undefined, fmi: number): FaultSeverity {
  const level = entry?.level ?? 'warning';
  if (fmi === 0 || fmi === 1) return atLeast(level, 'warning');
  if (fmi === 15 || fmi === 17) return 'info';
  if (fmi === 31) return level;
  if (entry && (entry.group === 'brakes' || entry.group === 'electrical') && fmi !== 16 && fmi !== 18) return level;
  return atMost(level, 'warning');
}

/** The FMI's words (J1939-73); an FMI outside 0–31 is named as such. */
export function fmiText(fmi: number): string {
  return J1939_FMIS[fmi] ?? `failure mode ${fmi}`;
}

/**
 * A device's fault code in words: 'SPN 110 FMI 0' → 'Engine coolant temperature — above normal
 * (most severe)', critical; an SPN not in the catalogue → 'Unknown SPN 5555 — …' with the FMI's
 * words; an OBD code ('P0101') → 'OBD-II powertrain code P0101'; anything else is shown as sent.
 */
export function describeFault(code: string): DescribedFault {
  const trimmed = code.trim();
  const j = J1939.exec(trimmed);
  if (j) {
    const spn = Number(j[1]);
    const fmi = Number(j[2]);
    if (spn <= MAX_SPN && fmi <= 31) {
      const entry = J1939_SPNS.get(spn);
      const text = `${entry?.name ?? `Unknown SPN ${spn}`} — ${fmiText(fmi)}`;
      return { code: trimmed, spn, fmi, text, severity: faultSeverity(entry, fmi) };
    }
  }
  const obd = OBD.exec(trimmed);
  if (obd) {
    const upper = trimmed.toUpperCase();
    const kind = obd[2] === '1' ? 'manufacturer' : 'OBD-II';
    return { code: upper, spn: null, fmi: null, text: `${kind} ${OBD_SYSTEM[upper[0] ?? 'P']} code ${upper}`, severity: 'warning' };
  }
  return { code: trimmed, spn: null, fmi: null, text: `Fault code ${trimmed}`, severity: 'warning' };
}

/**
 * The detail of an spn alert: each code with its words, the code first so it stays searchable
 * ('SPN 110 FMI 0: Engine coolant temperature — above normal (most severe); P0101: …').
 */
export function faultDetail(codes: readonly string[]): string {
  return codes.map((c) => {
    const d = describeFault(c);
    return d.text === `Fault code ${d.code}` ? d.code : `${d.code}: ${d.text}`;
  }).join('; ');
}
