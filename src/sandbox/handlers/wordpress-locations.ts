// GET /api/wordpress/locations (user): the swagger's array of web.wordpressInstallation, "known
// wordpress installations and potential installation locations" of the acting account: each
// domain's public_html, and every install (with its `wordpress` member; a location without
// WordPress has none). `domain=<name>` keeps one domain's; a name that is not one of the
// account's domains is 400, whether it exists or not, so names cannot be probed.

import { createHash } from 'node:crypto';
import { badRequest, json } from '../reply.js';
import type { Handler } from '../route.js';
import type { AccountRecord } from '../state.js';

export const wordpressLocations: Handler = ({ account, request }) => {
  const only = request.params.domain;
  if (only !== undefined && !account.domains.includes(only)) {
    return badRequest(`${only} is not a domain of ${account.username}`);
  }
  const installs = account.wordpress ?? [];
  return json(
    (only === undefined ? account.domains : [only]).flatMap((domain) => {
      const root = `domains/${domain}/public_html`;
      const inside = installs.filter((p) => p === root || p.startsWith(`${root}/`));
      return [...new Set([root, ...inside])].map((filePath) =>
        location(account, domain, filePath, root),
      );
    }),
  );
};

function location(a: AccountRecord, domain: string, filePath: string, root: string) {
  const webPath = filePath.slice(root.length);
  // An opaque id, the same on every call, as the panel's other location endpoints take it.
  const id = createHash('sha256').update(`${a.username}:${filePath}`).digest('hex').slice(0, 16);
  const place = { filePath, host: domain, id, webPath };
  if (!(a.wordpress ?? []).includes(filePath)) return place;
  return {
    ...place,
    wordpress: {
      autoUpdateMajor: false,
      autoUpdateMinor: true,
      error: '',
      siteURL: `http://${domain}${webPath}`,
      template: 'twentytwentyfour',
      title: a.wordpressTitles?.[filePath] ?? domain,
      version: '6.5.5',
    },
  };
}
