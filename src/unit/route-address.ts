// Addresses in a route, as Unit parses them: the `proxy` target (its socket-address parser) and
// the `source` / `destination` match patterns (its address-pattern parser). Each check returns
// the rule broken, or undefined. Where Unit is lax (empty IPv4 octets) these checks are strict.
import { isIPv6 } from 'node:net';

/** A dotted IPv4 address as a number, or undefined. */
export function ipv4Value(text: string): number | undefined {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (parts === null) return undefined;
  const octets = parts.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return undefined;
  return octets.reduce((acc, o) => acc * 256 + o, 0);
}

/** An IPv6 address (no zone) as a number, or undefined. */
export function ipv6Value(text: string): bigint | undefined {
  if (!isIPv6(text) || text.includes('%')) return undefined;
  let hex = text;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(hex)?.[1];
  if (tail !== undefined) {
    const v4 = ipv4Value(tail) ?? 0;
    hex = `${hex.slice(0, -tail.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = hex.split('::');
  const split = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const groups =
    rest === undefined
      ? split(head)
      : [
          ...split(head),
          ...new Array<string>(8 - split(head).length - split(rest).length).fill('0'),
          ...split(rest),
        ];
  return groups.reduce((acc, g) => (acc << 16n) + BigInt(parseInt(g, 16)), 0n);
}

/** Digits only, as Unit's integer parser wants; -1 otherwise. */
const integer = (text: string): number => (/^\d{1,9}$/.test(text) ? Number(text) : -1);

/**
 * `proxy`: `http://` then `<IPv4>:<port>`, `[<IPv6>]:<port>` or `unix:<path>`. Unit proxies
 * over plain HTTP to an address it need not resolve: no https, no host names, no path.
 */
export function proxyProblem(value: string): string | undefined {
  const rule =
    'use http://<IPv4>:<port>, http://[<IPv6>]:<port> or http://unix:<socket path> (Unit proxies over plain HTTP to an address, not a host name)';
  if (!value.startsWith('http://')) {
    return value.startsWith('https://') ? `Unit cannot proxy over https; ${rule}` : rule;
  }
  const address = value.slice('http://'.length);
  if (address.startsWith('unix:')) {
    const path = address.slice('unix:'.length);
    if (path.length < 2) return `the socket path is missing; ${rule}`;
    // sockaddr_un holds 108 bytes with the trailing NUL.
    if (Buffer.byteLength(path) > 107) return 'the socket path is longer than 107 bytes';
    return undefined;
  }
  let port: string;
  if (address.startsWith('[')) {
    const close = address.indexOf(']');
    if (close < 0 || ipv6Value(address.slice(1, close)) === undefined) {
      return `"${address}" is not a valid [IPv6]:port; ${rule}`;
    }
    const after = address.slice(close + 1);
    if (!after.startsWith(':') || after.length <= 2) return `a port is needed after "]"; ${rule}`;
    port = after.slice(1);
  } else {
    const colon = address.indexOf(':');
    if (colon < 0) return `a port is needed; ${rule}`;
    const host = address.slice(0, colon);
    port = address.slice(colon + 1);
    if (host !== '*' && ipv4Value(host) === undefined) {
      return `"${host}" is not an IPv4 address; ${rule}`;
    }
  }
  const n = integer(port);
  return n < 1 || n > 65535 ? `the port "${port}" must be a number from 1 to 65535` : undefined;
}

/**
 * A `source` / `destination` pattern: optional `!`, then `unix`, `*:<ports>`, or an address,
 * range (`a-b`) or CIDR block (`a/n`), IPv6 in brackets when a port follows, then `:<ports>`
 * (`80` or `8000-8080`).
 */
export function addressProblem(pattern: string): string | undefined {
  const text = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  if (text === 'unix') return undefined;
  if (text.length < 2) {
    return `"${pattern}" is too short: use an address, a range, a CIDR block or *:<port>`;
  }
  if (text.startsWith('*:')) return portsProblem(text.slice(2));
  // Two colons mean IPv6, as Unit decides.
  if (text.indexOf(':') !== text.lastIndexOf(':')) return ipv6Pattern(text);
  const colon = text.indexOf(':');
  const address = colon < 0 ? text : text.slice(0, colon);
  const bad = blockProblem(address, 32, ipv4Value, 'IPv4');
  if (bad !== undefined) return bad;
  return colon < 0 ? undefined : portsProblem(text.slice(colon + 1));
}

function ipv6Pattern(text: string): string | undefined {
  let address = text;
  let ports: string | undefined;
  if (text.startsWith('[')) {
    const close = text.lastIndexOf(']:');
    if (close < 0) return 'an IPv6 address in brackets must be followed by :<port>';
    address = text.slice(1, close);
    ports = text.slice(close + 2);
  }
  const bad = blockProblem(address, 128, ipv6Value, 'IPv6');
  if (bad !== undefined) return bad;
  return ports === undefined ? undefined : portsProblem(ports);
}

function blockProblem(
  address: string,
  bits: number,
  value: (text: string) => number | bigint | undefined,
  family: string,
): string | undefined {
  const dash = address.indexOf('-');
  if (dash >= 0) {
    const start = value(address.slice(0, dash));
    const end = value(address.slice(dash + 1));
    if (start === undefined || end === undefined) return `"${address}" is not an ${family} range`;
    return start > end ? `the range "${address}" ends before it starts` : undefined;
  }
  const slash = address.indexOf('/');
  if (slash >= 0) {
    const prefix = integer(address.slice(slash + 1));
    if (prefix < 0 || prefix > bits)
      return `the CIDR prefix of "${address}" must be 0 to ${String(bits)}`;
    if (value(address.slice(0, slash)) === undefined) {
      return `"${address}" is not an ${family} CIDR block`;
    }
    return undefined;
  }
  return value(address) === undefined ? `"${address}" is not an ${family} address` : undefined;
}

function portsProblem(ports: string): string | undefined {
  if (ports === '') return 'a port is missing after ":"';
  // A "-" in the last place is not a range: Unit then reads the whole as one number.
  const dash = ports.slice(0, -1).indexOf('-');
  const [low, high] = dash < 0 ? [ports, ports] : [ports.slice(0, dash), ports.slice(dash + 1)];
  const a = integer(low);
  const b = integer(high);
  if (a < 0 || a > 65535 || b < 0 || b > 65535) return `the port "${ports}" is not 0 to 65535`;
  return b < a ? `the port range "${ports}" ends before it starts` : undefined;
}
