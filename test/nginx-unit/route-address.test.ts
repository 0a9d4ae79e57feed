// Addresses as Unit 1.35 parses them: IPv4 and IPv6 values, proxy targets, match address
// patterns. Where Unit is looser or stricter than the RFCs, dactl answers as Unit does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addressProblem,
  ipv4Value,
  ipv6Value,
  proxyProblem,
} from '../../src/unit/route-address.js';

describe('addresses', () => {
  it('reads IPv4 addresses as Unit does', () => {
    assert.equal(ipv4Value('0.0.0.0'), 0);
    assert.equal(ipv4Value('10.0.0.1'), 167772161);
    // Leading zeros and empty parts are read as numbers and zeros.
    assert.equal(ipv4Value('0001.2.3.4'), ipv4Value('1.2.3.4'));
    assert.equal(ipv4Value('1..2.3'), ipv4Value('1.0.2.3'));
    assert.equal(ipv4Value('.1.2.3'), ipv4Value('0.1.2.3'));
    // 255.255.255.255 is Unit's "no address".
    for (const bad of [
      '255.255.255.255',
      '256.0.0.1',
      '1.2.3',
      '1.2.3.',
      '1.2.3.4.5',
      'a.b.c.d',
      '',
      '1.2.3.4 ',
    ])
      assert.equal(ipv4Value(bad), undefined, bad);
  });

  it('reads IPv6 addresses, compressed and with an IPv4 tail', () => {
    assert.equal(ipv6Value('::'), 0n);
    assert.equal(ipv6Value('::1'), 1n);
    assert.equal(ipv6Value('1::'), 1n << 112n);
    assert.equal(ipv6Value('::ffff:1.2.3.4'), (0xffffn << 32n) + 0x01020304n);
    assert.equal(ipv6Value('2001:db8::1'), ipv6Value('2001:0db8:0:0:0:0:0:1'));
    // One leading colon is skipped, a trailing one closes a zero group.
    assert.equal(ipv6Value(':1::2'), ipv6Value('1::2'));
    assert.equal(ipv6Value('::1:'), ipv6Value('0:0:0:0:0:0:1:0'));
    for (const bad of [
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7::',
      ':::',
      '1:::2',
      'fe80::1%eth0',
      '1.2.3.4',
      'g::1',
      '12345::1',
      '::255.255.255.255',
    ])
      assert.equal(ipv6Value(bad), undefined, bad);
  });

  it('proxy targets', () => {
    assert.equal(proxyProblem('http://10.0.0.1:1'), undefined);
    assert.equal(proxyProblem('http://0001.2.3.4:80'), undefined);
    assert.equal(proxyProblem('http://1.2.3.4:00000000080'), undefined);
    assert.equal(proxyProblem('http://*:8080'), undefined);
    assert.equal(proxyProblem('http://[::ffff:1.2.3.4]:65535'), undefined);
    assert.equal(proxyProblem('http://unix:/run/app.sock'), undefined);
    assert.match(proxyProblem('http://10.0.0.1:') ?? '', /^a port is needed after ":"/);
    assert.match(proxyProblem('http://10.0.0.1:0') ?? '', /the port "0" must be a number from 1/);
    assert.match(proxyProblem('http://10.0.0.1') ?? '', /^a port is needed after "10\.0\.0\.1"/);
    assert.match(proxyProblem('http://:80') ?? '', /^the address before ":" is missing/);
    assert.match(proxyProblem('http://::1') ?? '', /needs brackets and a port/);
    assert.match(proxyProblem('http://[::1]') ?? '', /a port is needed after "\]"/);
    assert.match(proxyProblem('http://[1:2]:80') ?? '', /"1:2" is not an IPv6 address/);
    assert.match(proxyProblem('http://unix:x') ?? '', /"unix" is not an IPv4 address/);
    assert.match(proxyProblem('https://1.2.3.4:80') ?? '', /cannot proxy over https/);
    assert.match(proxyProblem('ftp://x') ?? '', /^use http:\/\//);
    for (const problem of [proxyProblem('http://10.0.0.1:'), proxyProblem('http://:80')])
      assert.doesNotMatch(problem ?? '', /""/);
  });

  it('match address patterns', () => {
    for (const ok of [
      '1.2.3.4',
      '!1.2.3.4:80',
      '1.2.3.0/24:80-90',
      '1.2.3.4:00000000080',
      '0001.2.3.4',
      '1..2.3',
      // Below /32 Unit masks the address before it looks at it.
      '256.1.51.10/3',
      '*:0',
      '*:1-65535',
      '::',
      ':1::2',
      '::1:',
      '[::]:1',
      'unix',
    ])
      assert.equal(addressProblem(ok), undefined, ok);
    assert.match(addressProblem('255.255.255.255') ?? '', /is not an IPv4 address/);
    assert.match(addressProblem('255.255.255.255/32') ?? '', /is not an IPv4 address/);
    assert.match(addressProblem('::ffff:1.2.3.4') ?? '', /no IPv4 part/);
    assert.match(addressProblem('::ffff:1.2.3.4/120') ?? '', /no IPv4 part/);
    assert.match(addressProblem('1:2:3:4:5:6:7::') ?? '', /is not an IPv6 address/);
    assert.match(addressProblem('1.2.3.4:8-') ?? '', /the port "8-"/);
    assert.match(addressProblem('1.2.3.4-1.2.3') ?? '', /is not an IPv4 range/);
    assert.match(addressProblem('::1/x') ?? '', /CIDR prefix/);
    assert.match(addressProblem('x::/8') ?? '', /"x::" is not an IPv6 address/);
    assert.match(addressProblem('1.2.3.4/8/8') ?? '', /CIDR prefix/);
    assert.match(addressProblem(':80') ?? '', /^the address before ":" is not an IPv4 address/);
    assert.match(addressProblem('') ?? '', /^an empty pattern is too short/);
  });
});
