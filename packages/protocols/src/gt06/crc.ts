/**
 * CRC-ITU as the Concox manuals define it (the same as CRC-16/X-25): reflected polynomial 0x8408,
 * initial value 0xFFFF, result inverted. Computed over the packet length … serial number fields.
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-ITU (CRC-16/X-25) of buf[start, end). */
export function crcItu(buf: Uint8Array, start = 0, end = buf.length): number {
  let fcs = 0xffff;
  for (let i = start; i < end; i++) fcs = (fcs >>> 8) ^ (TABLE[(fcs ^ (buf[i] as number)) & 0xff] as number);
  return ~fcs & 0xffff;
}
