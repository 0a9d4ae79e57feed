// CMD_API_PACKAGES_USER (reseller): the names of the packages a new user account can get; with
// json=yes a bare JSON array, otherwise `list[]=...`. The sandbox has one set for every reseller.

import { demoPackages } from '../data.js';
import { list } from '../reply.js';
import type { Handler } from '../route.js';

export const userPackages: Handler = ({ store }) =>
  list((store.state.packages ?? demoPackages()).map((p) => p.name));
