// dactl's policy on the Unix sockets a route may proxy to (src/unit/route-socket.ts): Unit's
// control socket (the usual paths and the configured one), root's HTTP APIs, /proc and another
// account's home are refused however the path is spelt; a service's own socket is not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { socketKey, socketProblem, type SocketScope } from '../../src/unit/route-socket.js';
import { validateRoute } from '../../src/unit/route-validate.js';
import { offline, problemsOf } from '../helpers/routes.js';

/** fred's scope, with Unit's control socket moved (DACTL_UNIT_SOCKET) to a non-usual path. */
const fred: SocketScope = { user: 'fred', controlSocket: '/srv/unit/ctl.sock' };
const why = (path: string, scope = fred): string | undefined =>
  socketProblem(`http://unix:${path}`, scope);

describe('proxy sockets: refused', () => {
  it('refuses Unit’s control socket, however the path is spelt', () => {
    for (const path of [
      '/var/run/unit/control.sock',
      '/run/unit/control.sock',
      '/var/run//unit/control.sock',
      '//run/unit/control.sock',
      '/var/./run/unit/./control.sock',
      '/run/unit/control.sock/',
      // The configured one (DACTL_UNIT_SOCKET, or the socket the sandbox serves).
      '/srv/unit/ctl.sock',
      '/srv//unit/./ctl.sock',
    ]) {
      assert.match(
        why(path) ?? '',
        /is Unit's control socket: whoever reaches it reconfigures/,
        path,
      );
    }
    assert.equal(
      why('/var/run//unit/control.sock'),
      `"/var/run//unit/control.sock" (/run/unit/control.sock) is Unit's control socket: whoever reaches it reconfigures every account's applications; proxy only to your own service's socket`,
    );
  });

  it('refuses sockets that speak HTTP with root’s power', () => {
    const cases: [string, RegExp][] = [
      ['/var/run/docker.sock', /Docker's API socket: whoever reaches it is root/],
      ['/run/docker.sock', /Docker's API socket/],
      ['/run/podman/podman.sock', /Podman's API socket/],
      ['/var/run/snapd.socket', /snapd's API socket/],
      ['/var/snap/lxd/common/lxd/unix.socket', /LXD's API socket/],
      ['/var/lib/lxd/unix.socket', /LXD's API socket/],
    ];
    for (const [path, rule] of cases) assert.match(why(path) ?? '', rule, path);
  });

  it('refuses "..", relative paths, NUL and /proc, which could lead anywhere', () => {
    const cases: [string, RegExp][] = [
      ['/run/../var/run/unit/control.sock', /must not contain "\.\." parts/],
      ['/var/run/../run/docker.sock', /must not contain "\.\." parts/],
      ['/home/fred/../wilma/x.sock', /must not contain "\.\." parts/],
      ['run/unit/control.sock', /is a relative path.*e\.g\. \/home\/fred\/app\.sock/],
      ['$uri', /"\$uri" is a relative path/],
      ['/run/unit/control.sock\u0000x', /must not contain a NUL character/],
      ['/proc/self/root/run/unit/control.sock', /is under \/proc/],
      ['/proc/1/cwd/app.sock', /is under \/proc/],
    ];
    for (const [path, rule] of cases) assert.match(why(path) ?? '', rule, path);
  });

  it('refuses a socket in another account’s home, not in one’s own', () => {
    for (const path of [
      '/home/wilma/x.sock',
      '/home//wilma/x.sock',
      '/home/./wilma/app/run.sock',
      // Not fred's home: a name that merely starts like his.
      '/home/fredrick/x.sock',
    ]) {
      assert.match(why(path) ?? '', /is in the home of another account/, path);
    }
    assert.equal(
      why('/home/wilma/x.sock'),
      '"/home/wilma/x.sock" is in the home of another account (wilma); proxy to a socket in /home/fred/ or outside /home',
    );
    assert.equal(why('/home/wilma/x.sock', { user: 'wilma' }), undefined);
  });
});

describe('proxy sockets: allowed', () => {
  it('keeps a service’s own socket, outside /home too, and abstract ones', () => {
    for (const path of [
      '/home/fred/x.sock',
      '/home/fred/domains/fred.example/app.sock',
      '//home/fred/./x.sock',
      '/tmp/fred.sock',
      '/run/x.sock',
      '/run/unit/other.sock',
      '/run/docker.sock.d/x.sock',
      '/x',
      '@abstract',
    ]) {
      assert.equal(why(path), undefined, path);
    }
    // The moved control socket is refused only where it is configured.
    assert.equal(why('/srv/unit/ctl.sock', { user: 'fred' }), undefined);
  });

  it('judges only Unix sockets as Unit reads them', () => {
    for (const proxy of ['http://127.0.0.1:8080', 'http://[::1]:80', 'http://unix:x', 'x']) {
      assert.equal(socketProblem(proxy, fred), undefined, proxy);
    }
  });

  it('compares paths as the kernel finds them', () => {
    assert.equal(socketKey('/var/run//unit/./control.sock/'), '/run/unit/control.sock');
    assert.equal(socketKey('/var/run'), '/run');
    assert.equal(socketKey('/var/running/x'), '/var/running/x');
  });
});

describe('proxy sockets in the route validator', () => {
  it('names the step’s JSON path, nested fallbacks included, with the acting user', () => {
    assert.deepEqual(problemsOf({ proxy: 'http://unix:/var/run/unit/control.sock' }), [
      `[0].action.proxy: "/var/run/unit/control.sock" (/run/unit/control.sock) is Unit's control socket: whoever reaches it reconfigures every account's applications; proxy only to your own service's socket`,
    ]);
    const route = [
      { match: { uri: '/a' }, action: { return: 204 } },
      {
        action: {
          share: '/home/fred/www$uri',
          fallback: { proxy: 'http://unix:/home/alice/app.sock' },
        },
      },
    ];
    assert.deepEqual(validateRoute(route, offline), [
      '[1].action.fallback.proxy: "/home/alice/app.sock" is in the home of another account (alice); proxy to a socket in /home/fred/ or outside /home',
    ]);
    assert.deepEqual(validateRoute(route, { ...offline, user: 'alice' }), [
      '[1].action.share: "/home/fred/www$uri" is outside /home/alice/: the panel shares only files inside the home of alice',
    ]);
    assert.deepEqual(problemsOf({ proxy: 'http://unix:/srv/ctl.sock' }), []);
    assert.equal(
      problemsOf({ proxy: 'http://unix:/srv/ctl.sock' }, undefined, {
        ...offline,
        controlSocket: '/srv/ctl.sock',
      }).length,
      1,
    );
  });
});
