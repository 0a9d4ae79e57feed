// Build-time stand-in: dactl never sets got's `cache` option, so the HTTP cache is left out.
export class CacheError extends Error {}
// got calls `new` on it, so it must stay a class.
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export default class CacheableRequest {
  constructor() {
    throw new Error('dactl is built without the HTTP cache');
  }
}
