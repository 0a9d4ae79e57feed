// dactl's policy on top of Unit's grammar: which Unix sockets a route may `proxy` to. Unit takes
// any socket path, and its router connects to it for every request the step gets; a socket that
// gives power over the server or over another account is refused, by dactl before sending and by
// the sandbox's panel. The path is judged as written: the kernel resolves symlinks only when Unit
// connects, so a link an account plants later is held by the socket's own permissions, not here.
import { posix } from 'node:path';
import { unixSocketPath } from './route-address.js';

/** Whose route it is, and the control socket of this server's Unit when known. */
export interface SocketScope {
  /** The acting account: sockets in /home/<user>/ are its own. */
  user: string;
  /** Unit's control socket as configured here (DACTL_UNIT_SOCKET, the panel's default). */
  controlSocket?: string;
}

const rootApi = 'whoever reaches it is root on the server';
const unitControl =
  "Unit's control socket: whoever reaches it reconfigures every account's applications";

/**
 * The sockets no route may reach, as socketKey writes them: Unit's control socket where Unit puts
 * it, and sockets that speak HTTP with root's power. Not listed: containerd (gRPC over HTTP/2,
 * which Unit's HTTP/1.1 proxy cannot speak) and D-Bus (not HTTP).
 */
const deniedSockets: Readonly<Record<string, string>> = {
  '/run/unit/control.sock': unitControl,
  '/run/docker.sock': `Docker's API socket: ${rootApi}`,
  '/run/podman/podman.sock': `Podman's API socket (root's): ${rootApi}`,
  '/run/snapd.socket': "snapd's API socket: it installs and runs software as root",
  '/var/lib/lxd/unix.socket': `LXD's API socket: ${rootApi}`,
  '/var/snap/lxd/common/lxd/unix.socket': `LXD's API socket: ${rootApi}`,
};

/**
 * An absolute path without ".." as the kernel finds it, for comparison: "//" and "/./" are "/", a
 * trailing "/" goes, and /var/run is /run (a symlink to it on every current distribution).
 */
export function socketKey(path: string): string {
  const key =
    '/' +
    path
      .split('/')
      .filter((part) => part !== '' && part !== '.')
      .join('/');
  return key === '/var/run' || key.startsWith('/var/run/') ? key.slice('/var'.length) : key;
}

/** Why a route must not proxy to `proxy`; undefined for anything but a refused Unix socket. */
export function socketProblem(proxy: string, scope: SocketScope): string | undefined {
  const path = unixSocketPath(proxy);
  // "@name" is Linux's abstract namespace: no file and no owner; every local process reaches it.
  if (path === undefined || path.startsWith('@')) return undefined;
  const shown = JSON.stringify(path);
  const own = `/home/${scope.user}/`;
  if (path.includes('\u0000')) {
    return `${shown} must not contain a NUL character: the system would cut the path there`;
  }
  if (!path.startsWith('/')) {
    return `${shown} is a relative path, which Unit would look up from its own working directory; give the full path, e.g. ${own}app.sock`;
  }
  if (path.split('/').includes('..')) {
    return `${shown} must not contain ".." parts: after a symlink they lead elsewhere than they read; give the socket's own path`;
  }
  const key = socketKey(path);
  const named = key === path ? shown : `${shown} (${key})`;
  const why = Object.hasOwn(deniedSockets, key)
    ? deniedSockets[key]
    : key === configured(scope.controlSocket)
      ? unitControl
      : undefined;
  if (why !== undefined) return `${named} is ${why}; proxy only to your own service's socket`;
  if (key === '/proc' || key.startsWith('/proc/')) {
    return `${named} is under /proc, whose links lead into any process's files; give the socket's own path`;
  }
  const home = /^\/home\/([^/]+)/.exec(key)?.[1];
  if (home !== undefined && home !== scope.user) {
    return `${named} is in the home of another account (${home}); proxy to a socket in ${own} or outside /home`;
  }
  return undefined;
}

/** The configured control socket as socketKey writes it; its ".." are the admin's own. */
const configured = (socket: string | undefined): string | undefined =>
  socket?.startsWith('/') === true ? socketKey(posix.normalize(socket)) : undefined;
