// Addresses in a route, read the way Unit 1.35 reads them: the `proxy` target (its socket-address
// parser) and the `source` / `destination` match patterns (its address-pattern parser). Unit's
// parsers are looser than the RFCs in places (`0001.2.3.4` and `1..2.3` are IPv4 addresses to it,
// a CIDR block shorter than /32 does not check its address) and stricter in others
// (`255.255.255.255` is its "no address" value, `::ffff:1.2.3.4` is refused in a pattern); dactl
// answers as Unit does, so a route is neither refused for nothing nor refused live.

const NONE = 0xffffffff;

/**
 * A dotted IPv4 address as Unit reads it, or undefined: three dots, each part digits (possibly
 * none, possibly with leading zeros) below 256; 255.255.255.255 doubles as "none".
 */
export function ipv4Value(text: string): number | undefined {
  if (text === '' || text.endsWith('.')) return undefined;
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d*$/.test(p))) return undefined;
  const octets = parts.map((p) => (p === '' ? 0 : Number(p)));
  if (octets.some((o) => o > 255)) return undefined;
  const value = octets.reduce((acc, o) => acc * 256 + o, 0);
  return value === NONE ? undefined : value;
}

/**
 * An IPv6 address as Unit's parser reads it (one leading ":" skipped, at most one "::", an IPv4
 * tail allowed, a trailing ":" read as a zero group), as a number; or undefined.
 */
export function ipv6Value(text: string): bigint | undefined {
  if (text === '') return undefined;
  const groups: number[] = [];
  let i = text.startsWith(':') ? 1 : 0;
  let gapAt = -1;
  let afterColon = -1;
  let nibbles = 0;
  let group = 0;
  while (i < text.length) {
    const c = text.charAt(i++);
    if (c === ':') {
      if (nibbles !== 0) {
        afterColon = i;
        groups.push(group);
        if (groups.length === 8) return undefined;
        nibbles = 0;
        group = 0;
        continue;
      }
      if (gapAt >= 0) return undefined;
      afterColon = i;
      gapAt = groups.length;
      continue;
    }
    if (c === '.' && nibbles !== 0) {
      const v4 =
        groups.length > 6 || afterColon < 0 ? undefined : ipv4Value(text.slice(afterColon));
      if (v4 === undefined) return undefined;
      groups.push(v4 >>> 16);
      group = v4 & 0xffff;
      break;
    }
    if (++nibbles > 4 || !/[0-9A-Fa-f]/.test(c)) return undefined;
    group = group * 16 + parseInt(c, 16);
  }
  if (nibbles === 0 && gapAt < 0) return undefined;
  groups.push(group);
  if ((groups.length === 8) !== gapAt < 0) return undefined;
  if (gapAt >= 0) groups.splice(gapAt, 0, ...new Array<number>(8 - groups.length).fill(0));
  return groups.reduce((acc, g) => (acc << 16n) + BigInt(g), 0n);
}

/** Digits only, as Unit's integer parser wants; -1 otherwise. */
const integer = (text: string): number => {
  if (!/^\d+$/.test(text)) return -1;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : -1;
};

const proxyRule =
  'use http://<IPv4>:<port>, http://[<IPv6>]:<port> or http://unix:<socket path> (Unit proxies over plain HTTP to an address, not to a host name)';

/**
 * The socket path of a `http://unix:<path>` proxy, as Unit reads it: `unix:` counts only with at
 * least two characters after it (`http://unix:x` is a host named "unix" to Unit).
 */
export function unixSocketPath(proxy: string): string | undefined {
  const address = proxy.startsWith('http://') ? proxy.slice('http://'.length) : '';
  return address.length > 6 && address.startsWith('unix:')
    ? address.slice('unix:'.length)
    : undefined;
}

/**
 * `proxy`: `http://` then `<IPv4>:<port>`, `*:<port>`, `[<IPv6>]:<port>` or `unix:<path>`. Unit
 * proxies over plain HTTP to an address it need not resolve: no https, no host names, no path.
 */
export function proxyProblem(value: string): string | undefined {
  if (!value.startsWith('http://')) {
    return value.startsWith('https://') ? `Unit cannot proxy over https; ${proxyRule}` : proxyRule;
  }
  const address = value.slice('http://'.length);
  if (address === '') return `the address is missing; ${proxyRule}`;
  const path = unixSocketPath(value);
  if (path !== undefined) {
    // sockaddr_un holds 108 bytes with the trailing NUL.
    return Buffer.byteLength(path) > 107 ? 'the socket path is longer than 107 bytes' : undefined;
  }
  if (address.startsWith('[') || twoColons(address)) return proxyIPv6(address);
  const colon = address.indexOf(':');
  const host = colon < 0 ? address : address.slice(0, colon);
  if (host === '') return `the address before ":" is missing; ${proxyRule}`;
  if (host !== '*' && ipv4Value(host) === undefined) {
    return `"${host}" is not an IPv4 address; ${proxyRule}`;
  }
  if (colon < 0) return `a port is needed after "${host}", e.g. ${value}:8080`;
  return proxyPort(address.slice(colon + 1));
}

function proxyIPv6(address: string): string | undefined {
  if (!address.startsWith('[')) {
    return `an IPv6 address needs brackets and a port, e.g. http://[${address}]:8080`;
  }
  const close = address.indexOf(']');
  if (close < 0) return `"]" is missing after the IPv6 address; ${proxyRule}`;
  const after = address.slice(close + 1);
  if (after.length < 2 || !after.startsWith(':')) {
    return `a port is needed after "]", e.g. http://${address.slice(0, close + 1)}:8080`;
  }
  const bad = proxyPort(after.slice(1));
  if (bad !== undefined) return bad;
  const host = address.slice(1, close);
  return ipv6Value(host) === undefined
    ? `"${host}" is not an IPv6 address; ${proxyRule}`
    : undefined;
}

function proxyPort(port: string): string | undefined {
  if (port === '') return `a port is needed after ":"; ${proxyRule}`;
  const n = integer(port);
  return n < 1 || n > 65535 ? `the port "${port}" must be a number from 1 to 65535` : undefined;
}

const twoColons = (text: string): boolean => {
  const first = text.indexOf(':');
  return first >= 0 && text.indexOf(':', first + 1) >= 0;
};

const patternRule =
  'use an address, a range (a-b) or a CIDR block (a/n), optionally followed by :<port> or :<port>-<port>, or *:<port>, or "unix"';

/**
 * A `source` / `destination` pattern: optional `!`, then `unix`, `*:<ports>`, or an address,
 * range (`a-b`) or CIDR block (`a/n`), IPv6 in brackets when a port follows, then `:<ports>`
 * (`80` or `8000-8080`).
 */
export function addressProblem(pattern: string): string | undefined {
  const text = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  if (text === 'unix') return undefined;
  if (text.length < 2) {
    const shown = text === '' ? 'an empty pattern' : `"${pattern}"`;
    return `${shown} is too short: ${patternRule}`;
  }
  if (text.startsWith('*:')) return portsProblem(text.slice(2));
  // Two colons mean IPv6, as Unit decides.
  if (twoColons(text)) return ipv6Pattern(text);
  const colon = text.indexOf(':');
  const address = colon < 0 ? text : text.slice(0, colon);
  const bad = ipv4Block(address);
  if (bad !== undefined) return bad;
  return colon < 0 ? undefined : portsProblem(text.slice(colon + 1));
}

function ipv4Block(address: string): string | undefined {
  const shown = address === '' ? 'the address before ":"' : `"${address}"`;
  const dash = address.indexOf('-');
  if (dash >= 0) {
    const start = ipv4Value(address.slice(0, dash));
    const end = ipv4Value(address.slice(dash + 1));
    if (start === undefined || end === undefined) return `${shown} is not an IPv4 range (a-b)`;
    return start > end ? `the range ${shown} ends before it starts` : undefined;
  }
  const slash = address.indexOf('/');
  if (slash >= 0) {
    const prefix = integer(address.slice(slash + 1));
    if (prefix < 0 || prefix > 32) return `the CIDR prefix of ${shown} must be 0 to 32`;
    // Unit masks the address before it checks it: below /32 any address text passes.
    if (prefix < 32) return undefined;
    address = address.slice(0, slash);
  }
  return ipv4Value(address) === undefined ? `${shown} is not an IPv4 address` : undefined;
}

function ipv6Pattern(text: string): string | undefined {
  let address = text;
  let ports: string | undefined;
  if (text.startsWith('[')) {
    const close = text.lastIndexOf(']:');
    if (close < 0)
      return `an IPv6 address in brackets must be followed by :<port>, e.g. ${text}:80`;
    address = text.slice(1, close);
    ports = text.slice(close + 2);
  }
  const bad = ipv6Block(address);
  if (bad !== undefined) return bad;
  return ports === undefined ? undefined : portsProblem(ports);
}

// Unit's pattern parser takes at most 4 characters between colons: no IPv4 tail in a pattern.
const blocks = (text: string): boolean => text.split(':').every((part) => part.length <= 4);
const ipv6 = (text: string): bigint | undefined => (blocks(text) ? ipv6Value(text) : undefined);

function ipv6Block(address: string): string | undefined {
  const shown = `"${address}"`;
  const dash = address.indexOf('-');
  if (dash >= 0) {
    const start = ipv6(address.slice(0, dash));
    const end = ipv6(address.slice(dash + 1));
    if (start === undefined || end === undefined) return `${shown} is not an IPv6 range (a-b)`;
    return start > end ? `the range ${shown} ends before it starts` : undefined;
  }
  const slash = address.indexOf('/');
  if (slash >= 0) {
    const prefix = integer(address.slice(slash + 1));
    if (prefix < 0 || prefix > 128) return `the CIDR prefix of ${shown} must be 0 to 128`;
    address = address.slice(0, slash);
  }
  if (ipv6(address) !== undefined) return undefined;
  return address.includes('.')
    ? `"${address}" is not an IPv6 address Unit matches on (no IPv4 part such as ::ffff:1.2.3.4: match the IPv4 address itself)`
    : `"${address}" is not an IPv6 address`;
}

function portsProblem(ports: string): string | undefined {
  if (ports === '') return 'a port is missing after ":"';
  // A "-" in the last place is not a range: Unit then reads the whole as one number.
  const dash = ports.slice(0, -1).indexOf('-');
  const [low, high] = dash < 0 ? [ports, ports] : [ports.slice(0, dash), ports.slice(dash + 1)];
  const a = integer(low);
  const b = integer(high);
  if (a < 0 || a > 65535 || b < 0 || b > 65535) {
    return `the port "${ports}" must be a number from 0 to 65535, or a range of them`;
  }
  return b < a ? `the port range "${ports}" ends before it starts` : undefined;
}
