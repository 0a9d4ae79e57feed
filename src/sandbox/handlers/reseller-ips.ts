// CMD_API_SHOW_RESELLER_IPS (reseller): the addresses the account may give its new users; with
// json=yes a bare JSON array, otherwise `list[]=...`. The sandbox's server addresses are shared by
// every reseller.

import { demoIps } from '../data.js';
import { list } from '../reply.js';
import type { Handler } from '../route.js';

export const resellerIps: Handler = ({ store }) => list(store.state.ips ?? demoIps());
