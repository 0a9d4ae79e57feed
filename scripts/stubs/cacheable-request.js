// Build-time stand-in: dactl never sets got's `cache` option, so the HTTP cache is left out.
export class CacheError extends Error {}
export default class CacheableRequest {
  constructor() {
    throw new Error('dactl is built without the HTTP cache');
  }
}
