// Build-time stand-in: dactl never sets got's `dnsCache` option, so the DNS cache is left out.
export default class CacheableLookup {
  constructor() {
    throw new Error('dactl is built without the DNS cache');
  }
}
