// Addresses as Unit parses them: IPv4 and IPv6 values, proxy targets, match address patterns.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addressProblem,
  ipv4Value,
  ipv6Value,
  proxyProblem,
} from '../../src/unit/route-address.js';

describe('addresses', () => {
  it('reads IPv4 addresses strictly', () => {
    assert.equal(ipv4Value('0.0.0.0'), 0);
    assert.equal(ipv4Value('10.0.0.1'), 167772161);
    assert.equal(ipv4Value('255.255.255.255'), 4294967295);
    for (const bad of ['256.0.0.1', '1.2.3', '1..2.3', '1.2.3.4.5', 'a.b.c.d', '', '1.2.3.4 '])
      assert.equal(ipv4Value(bad), undefined, bad);
  });

  it('reads IPv6 addresses, compressed and with an IPv4 tail', () => {
    assert.equal(ipv6Value('::'), 0n);
    assert.equal(ipv6Value('::1'), 1n);
    assert.equal(ipv6Value('1::'), 1n << 112n);
    assert.equal(ipv6Value('::ffff:1.2.3.4'), (0xffffn << 32n) + 0x01020304n);
    assert.equal(ipv6Value('2001:db8::1'), ipv6Value('2001:0db8:0:0:0:0:0:1'));
    for (const bad of ['1:2:3:4:5:6:7:8:9', ':::', 'fe80::1%eth0', '1.2.3.4', 'g::1'])
      assert.equal(ipv6Value(bad), undefined, bad);
  });

  it('proxy targets', () => {
    assert.equal(proxyProblem('http://10.0.0.1:1'), undefined);
    assert.equal(proxyProblem('http://[::ffff:1.2.3.4]:65535'), undefined);
    assert.match(proxyProblem('http://10.0.0.1:') ?? '', /the port ""/);
    assert.match(proxyProblem('http://:80') ?? '', /"" is not an IPv4 address/);
    assert.match(proxyProblem('ftp://x') ?? '', /^use http:\/\//);
  });

  it('match address patterns', () => {
    for (const ok of [
      '1.2.3.4',
      '!1.2.3.4:80',
      '1.2.3.0/24:80-90',
      '*:0',
      '*:1-65535',
      '::',
      '[::]:1',
      'unix',
    ])
      assert.equal(addressProblem(ok), undefined, ok);
    assert.match(addressProblem('1.2.3.4:8-') ?? '', /the port "8-"/);
    assert.match(addressProblem('1.2.3.4-1.2.3') ?? '', /is not an IPv4 range/);
    assert.match(addressProblem('::1/x') ?? '', /CIDR prefix/);
    assert.match(addressProblem('x::/8') ?? '', /is not an IPv6 CIDR block/);
    assert.match(addressProblem('1.2.3.4/8/8') ?? '', /CIDR prefix/);
  });
});
