// The share action: paths (inside the acting user's home, by the panel's rule), the options Unit
// allows with them, and fallback actions nested to any depth.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { homeProblem } from '../../src/unit/route-scope.js';
import { validateRoute } from '../../src/unit/route-validate.js';
import { online, problemsOf } from '../helpers/routes.js';

const www = '/home/fred/domains/fred.example/public_html';

describe('share: paths', () => {
  it('takes a path or a non-empty array of paths inside /home/<user>/, with variables after', () => {
    assert.deepEqual(problemsOf({ share: `${www}$uri` }), []);
    assert.deepEqual(problemsOf({ share: [`${www}$uri`, '/home/fred/other/${host}$uri'] }), []);
    assert.deepEqual(problemsOf({ share: [] }), ['[0].action.share: must not be an empty array']);
    assert.deepEqual(problemsOf({ share: 5 }), [
      '[0].action.share: must be a string or an array of strings, not an integer',
    ]);
    assert.deepEqual(problemsOf({ share: ['/home/fred/a', false] }), [
      '[0].action.share[1]: must be a string, not a boolean',
    ]);
  });

  it('refuses paths outside the home of the acting user', () => {
    assert.deepEqual(problemsOf({ share: '/var/www$uri' }), [
      '[0].action.share: "/var/www$uri" is outside /home/fred/: the panel shares only files inside the home of fred',
    ]);
    assert.deepEqual(problemsOf({ share: '/home/alice/domains/alice.example/public_html$uri' }), [
      '[0].action.share: "/home/alice/domains/alice.example/public_html$uri" is outside /home/fred/: the panel shares only files inside the home of fred',
    ]);
    assert.deepEqual(problemsOf({ share: '/home/fredx/www' }).length, 1);
    assert.deepEqual(problemsOf({ share: '/home/fred' }).length, 1);
    assert.deepEqual(problemsOf({ share: '$host/www' }), [
      '[0].action.share: "$host/www" must start with /home/fred/: the panel shares only files inside your home (variables may follow)',
    ]);
    assert.deepEqual(problemsOf({ share: '/home/fred/../alice/www' }), [
      '[0].action.share: "/home/fred/../alice/www" must not contain ".." parts',
    ]);
    assert.deepEqual(problemsOf({ share: '/home/fred/www$uri/..' }).length, 1);
    // The same route is fine for alice in her own home.
    assert.deepEqual(
      validateRoute([{ action: { share: '/home/alice/www$uri' } }], {
        domain: 'alice.example',
        user: 'alice',
      }),
      [],
    );
  });

  it('checks the variables of a path as Unit does', () => {
    assert.deepEqual(problemsOf({ share: `${www}$url` }), [
      '[0].action.share: unknown variable "$url"',
    ]);
    assert.deepEqual(problemsOf({ share: [`${www}$uri`, `${www}\${uri`] }), [
      `[0].action.share[1]: invalid variable at position ${String(www.length)}`,
    ]);
  });

  it('homeProblem on its own', () => {
    assert.equal(homeProblem('/home/fred/x', 'fred'), undefined);
    assert.equal(homeProblem('/home/fred/$uri', 'fred'), undefined);
    assert.match(homeProblem('relative/path', 'fred') ?? '', /is outside \/home\/fred\//);
    assert.match(homeProblem('', 'fred') ?? '', /^an empty path is not inside \/home\/fred\//);
  });
});

describe('share: options', () => {
  it('allows index, types, chroot and the two switches', () => {
    assert.deepEqual(
      problemsOf({
        share: `${www}$uri`,
        index: 'index.html',
        types: ['text/html', '~image/.*', '!'],
        chroot: www,
        follow_symlinks: true,
        traverse_mounts: false,
      }),
      [],
    );
  });

  it('checks each option’s type and rule', () => {
    assert.deepEqual(
      problemsOf({
        share: `${www}$uri`,
        index: ['a'],
        types: 'text/**',
        chroot: '/',
        follow_symlinks: 'yes',
        traverse_mounts: 1,
      }),
      [
        '[0].action.index: must be a string, not an array',
        '[0].action.types: pattern "text/**" must not contain "**"',
        '[0].action.chroot: "/" is outside /home/fred/: the panel shares only files inside the home of fred',
        '[0].action.follow_symlinks: must be true or false, not a string',
        '[0].action.traverse_mounts: must be true or false, not an integer',
      ],
    );
    assert.deepEqual(problemsOf({ share: www, index: 'a\u0000b' }), [
      '[0].action.index: must not contain a NUL character',
    ]);
    assert.deepEqual(problemsOf({ share: www, chroot: 3 }), [
      '[0].action.chroot: must be a string, not an integer',
    ]);
    assert.deepEqual(problemsOf({ share: www, indx: 'a' }), [
      '[0].action.indx: unknown key for a "share" action (did you mean "index"?)',
    ]);
  });
});

describe('share: fallback', () => {
  it('is any action, nested to any depth, each checked fully', () => {
    const route = [
      {
        action: {
          share: `${www}$uri`,
          fallback: {
            share: '/home/fred/b$uri',
            fallback: { pass: 'applications/fred.example_app' },
          },
        },
      },
    ];
    assert.deepEqual(validateRoute(route, online), []);
    assert.deepEqual(problemsOf({ share: www, fallback: 'index.html' }), [
      '[0].action.fallback: must be an action object, not a string',
    ]);
    assert.deepEqual(
      problemsOf({
        share: www,
        fallback: {
          share: '/etc',
          fallback: { pass: 'applications/alice.example_blog', location: '/' },
        },
      }),
      [
        '[0].action.fallback.share: "/etc" is outside /home/fred/: the panel shares only files inside the home of fred',
        '[0].action.fallback.fallback.pass: application "alice.example_blog" belongs to another domain; use applications/fred.example_<app>',
        '[0].action.fallback.fallback.location: is allowed only with "return"',
      ],
    );
    assert.deepEqual(problemsOf({ share: www, fallback: {} }), [
      '[0].action.fallback: must have exactly one of "pass", "proxy", "return" or "share"',
    ]);
    assert.deepEqual(
      validateRoute(
        [{ action: { share: www, fallback: { pass: 'applications/fred.example_gone' } } }],
        online,
      ),
      [
        '[0].action.fallback.pass: application "fred.example_gone" does not exist on fred.example (it has: fred.example_app, fred.example_api, fred.example_api/admin)',
      ],
    );
  });
});

describe('share: request-controlled variables', () => {
  it('refuses variables a client can fill with "../", unless a chroot in the home holds them', () => {
    for (const variable of [
      '$arg_f',
      '${header_X}',
      '$cookie_c',
      '$request_uri',
      '$request_line',
    ]) {
      const [problem, ...more] = problemsOf({ share: `/home/fred/www/${variable}` });
      assert.match(problem ?? '', /comes from the request and could hold "\.\.\/"/, variable);
      assert.deepEqual(more, []);
      assert.deepEqual(
        problemsOf({ share: `/home/fred/www/${variable}`, chroot: '/home/fred/www/' }),
        [],
      );
    }
    for (const safe of ['$uri', '$host', '${method}', '$remote_addr', '$request_id']) {
      assert.deepEqual(problemsOf({ share: `/home/fred/www/${safe}` }), [], safe);
    }
    // The chroot must itself be inside the home, and fixed by the server to hold a share path.
    assert.equal(problemsOf({ share: '/home/fred/www/$arg_f', chroot: '/' }).length, 2);
    assert.deepEqual(problemsOf({ share: '/home/fred/$arg_f', chroot: '/home/fred/$arg_c' }), [
      '[0].action.share: $arg_f in "/home/fred/$arg_f" comes from the request and could hold "../" to leave /home/fred/; use $uri, or add a "chroot" inside /home/fred/ that holds the shared files',
    ]);
    // A fallback is its own action: the outer chroot does not hold it.
    assert.equal(
      problemsOf({
        share: '/home/fred/www$uri',
        chroot: '/home/fred/www/',
        fallback: { share: '/home/fred/x/$arg_f' },
      }).length,
      1,
    );
  });

  // Unit serves a file only when its share path starts with the chroot's text, so a chroot
  // narrows what a share serves: one the request fills is no way out for a share that is safe.
  it('takes a chroot that the request fills, in the home, around a share that is safe', () => {
    for (const chroot of [
      '/home/fred/www/$arg_d',
      '/home/fred/www$request_uri',
      '/home/fred/${cookie_c}',
    ]) {
      assert.deepEqual(problemsOf({ share: '/home/fred/www$uri', chroot }), [], chroot);
    }
    assert.deepEqual(problemsOf({ share: '/home/fred/www$uri', chroot: '$arg_d' }), [
      '[0].action.chroot: "$arg_d" must start with /home/fred/: the panel shares only files inside your home (variables may follow)',
    ]);
    assert.deepEqual(problemsOf({ share: '/home/fred/www$uri', chroot: '/home/fred/$nope' }), [
      '[0].action.chroot: unknown variable "$nope"',
    ]);
  });

  it('reads "//" and "/./" in the fixed part as the system does', () => {
    assert.deepEqual(problemsOf({ share: '/home//fred/x' }), []);
    assert.deepEqual(problemsOf({ share: '/home/./fred/x$uri' }), []);
    assert.match(problemsOf({ share: '' })[0] ?? '', /an empty path is not inside \/home\/fred\//);
  });
});
