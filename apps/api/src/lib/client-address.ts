import { isIPv4, isIPv6 } from 'node:net';

/** Expands an IPv6 address (zone removed, `::` and an embedded IPv4 tail allowed) into its eight groups. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const bytes = tail[1]!.split('.').map(Number);
    text = `${text.slice(0, -tail[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The key that per-address limits count under. An IPv4 address counts alone; an IPv6 address counts by its
 * /64 prefix, because one subscriber usually holds a whole /64 and can rotate through its 2^64 addresses at
 * will. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, as a dual-stack socket reports it) counts as that
 * IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip.split('%')[0]!)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
