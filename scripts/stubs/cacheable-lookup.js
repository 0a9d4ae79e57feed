// Build-time stand-in: dactl never sets got's `dnsCache` option, so the DNS cache is left out.
// got calls `new` on it, so it must stay a class.
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export default class CacheableLookup {
  constructor() {
    throw new Error('dactl is built without the DNS cache');
  }
}
