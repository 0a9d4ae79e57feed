// GET /static/swagger.json: the sandbox's own description of the new API, in the panel's format
// (Swagger 2.0), listing exactly the /api paths routes.ts implements. The real panel publishes
// its full description at the same path; `dactl api --list` reads it. Served as a static file,
// without a login.

import { json } from '../reply.js';
import type { Reply } from '../reply.js';
import type { Route } from '../route.js';

// The panel's own summaries for the endpoints the sandbox has or is likely to grow.
const summaries: Readonly<Record<string, string>> = {
  'GET /api/db-show/databases': 'Get Databases list',
  'POST /api/db-manage/create-db': 'Create empty database',
  'POST /api/wordpress/install-quick':
    'Performs quick new wordpress installation in a given location',
  'POST /api/login': 'Create Login session',
  'GET /api/session/user-config': 'Current user config',
  'GET /api/users/{username}/config': 'Get user config',
  'GET /api/db-show/databases/{database}': 'Get Database metadata',
  'GET /api/wordpress/locations':
    'Returns list of known wordpress installations and potential installation locations.',
  'GET /api/session': 'Get current session info',
  'POST /api/session/login-as/switch': 'Swich to a new session that impersonating another account',
  'POST /api/session/login-as/return': 'Drop out of Login-as session',
};

export function apiDescription(routes: Readonly<Record<string, Route>>): Reply {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, route] of Object.entries(routes)) {
    if (!path.startsWith('/api/')) continue;
    const operations: Record<string, unknown> = {};
    // `{name}` segments are path parameters, as in the panel's own description.
    const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
      type: 'string',
      name,
      in: 'path',
      required: true,
    }));
    for (const method of route.methods ?? ['GET', 'POST']) {
      operations[method.toLowerCase()] = {
        summary: summaries[`${method} ${path}`] ?? `${method} ${path} (sandbox)`,
        // The login itself is the one call without credentials.
        ...(route.level === 'public' ? {} : { security: [{ DaBasicAuth: [] }] }),
        ...(parameters.length > 0 ? { parameters } : {}),
        produces: ['application/json'],
        responses: { '200': { description: 'OK' } },
      };
    }
    paths[path] = operations;
  }
  return json({
    swagger: '2.0',
    info: {
      title: 'dactl sandbox',
      description: 'The part of the DirectAdmin API that the dactl sandbox implements',
      version: '1.0',
    },
    basePath: '/',
    paths,
    securityDefinitions: { DaBasicAuth: { type: 'basic' } },
  });
}
