// CMD_API_SHOW_DOMAINS (user): the acting account's domains, so `admin|fred` sees fred's. With
// json=yes a bare JSON array, otherwise `list[]=...`.

import { list } from '../reply.js';
import type { Handler } from '../route.js';

export const showDomains: Handler = ({ account }) => list(account.domains);
