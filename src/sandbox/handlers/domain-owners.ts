// CMD_API_DOMAIN_OWNERS (admin): which account owns each domain, as `domain=owner` pairs (with
// json=yes a JSON object of strings). With `domain=<name>` only that domain's pair, or none when
// no account has it. Third-party clients call it to find the user to act as for a domain.

import { fields } from '../reply.js';
import type { Handler } from '../route.js';

export const domainOwners: Handler = ({ request, store }) => {
  const owners = Object.fromEntries(
    store.state.accounts.flatMap((a) => a.domains.map((d) => [d, a.username] as const)),
  );
  const wanted = request.params.domain;
  if (wanted === undefined) return fields(owners);
  return fields(Object.hasOwn(owners, wanted) ? { [wanted]: owners[wanted] ?? '' } : {});
};
