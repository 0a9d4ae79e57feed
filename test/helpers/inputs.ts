// Complete flag sets for the commands that change the server, so each test names only what it
// changes.

/** user create with every flag but the password: a bronze account on the shared address. */
export const userFlags = (name: string, extra: string[] = []): string[] => [
  'user',
  'create',
  '--username',
  name,
  '--email',
  `${name}@${name}.example`,
  '--domain',
  `${name}.example`,
  '--package',
  'bronze',
  '--ip',
  '127.0.0.1',
  ...extra,
];

/** wp install in fred.example/public_html/<dir> with every flag but the admin password. */
export const wpFlags = (dir: string, extra: string[] = []): string[] => [
  'wp',
  'install',
  '--domain',
  'fred.example',
  '--subdir',
  dir,
  '--title',
  'Fred’s blog',
  '--admin-name',
  'fred',
  '--admin-email',
  'fred@fred.example',
  ...extra,
];
