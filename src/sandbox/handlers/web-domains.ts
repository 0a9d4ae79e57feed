// GET /evo/ajax/domains (user): the sandbox's example of a discovered action (spec 1, tier 3), a
// JSON call of the kind the web interface makes that is neither /api/* nor CMD_*. Real panels have
// their own such paths, undocumented and liable to change; this one exists so that the third tier
// can be tried and tested. It answers the acting account's domains.

import { json } from '../reply.js';
import type { Handler } from '../route.js';

export const webDomains: Handler = ({ account }) =>
  json({ user: account.username, domains: account.domains.map((domain) => ({ domain })) });
