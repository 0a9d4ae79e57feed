// CMD_API_PACKAGES_USER (reseller): the names of the packages a new user account can get, as a
// list (json=yes: a bare JSON array, otherwise `list[]=...`); with `package=<name>` that package's
// settings instead, `key=value` as the panel's package file holds them (facts page, "Users";
// settings.ts). The sandbox has one set of packages for every reseller.

import { demoPackages } from '../data.js';
import { failure, fields, list } from '../reply.js';
import type { Handler } from '../route.js';
import { findPackage, packageSettings } from '../settings.js';

export const userPackages: Handler = ({ request, store }) => {
  const wanted = request.params.package;
  if (wanted === undefined) {
    return list((store.state.packages ?? demoPackages()).map((p) => p.name));
  }
  const pkg = findPackage(store.state, wanted);
  if (pkg === undefined) {
    return failure(404, 'NOT_FOUND', 'Cannot show package', `Package not found: ${wanted}`);
  }
  return fields(packageSettings(pkg));
};
