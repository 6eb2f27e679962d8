import ipaddr from 'ipaddr.js';

/** One network of an allow-list: an address and its prefix length. */
export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * A comma-separated list of networks (`10.0.0.0/8, 2001:db8::/32, 192.0.2.7`; a bare address is
 * that one address). Throws with a plain message naming the first entry that is not one.
 */
export function parseNetworks(text: string): Network[] {
  const out: Network[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    try {
      if (entry.includes('/')) out.push(ipaddr.parseCIDR(entry));
      else {
        const address = ipaddr.parse(entry);
        out.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      }
    } catch {
      throw new Error(`'${entry}' is not an address or network such as 10.0.0.0/8 or 2001:db8::/32`);
    }
  }
  if (out.length === 0) throw new Error('the list is empty: leave the setting out to accept any source');
  return out;
}

/**
 * Whether a source address may speak to a listener. Without a list every source may (the default).
 * IPv4 addresses seen as IPv6 (`::ffff:10.1.2.3`) match IPv4 networks.
 */
export function sourceAllowed(networks: readonly Network[] | undefined, address: string | undefined): boolean {
  if (!networks) return true;
  if (!address || !ipaddr.isValid(address)) return false;
  const a = ipaddr.process(address);
  return networks.some(([net, bits]) =>
    (a instanceof ipaddr.IPv4 && net instanceof ipaddr.IPv4 && a.match(net, bits))
    || (a instanceof ipaddr.IPv6 && net instanceof ipaddr.IPv6 && a.match(net, bits)));
}
