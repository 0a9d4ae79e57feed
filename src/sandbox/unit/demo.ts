// What Unit runs in the demo panel the first time CMD_UNIT is used: fred's Node.js app and alice's
// PHP blog, each with its local copy, and one leftover of fred's that Unit still runs but whose
// local copy is gone: out of step, so `unit app list` does not show it and only a delete by name
// (spec 4.3 rule 1) purges it.
import type { LiveApplication } from '../state.js';

interface DemoApplication extends LiveApplication {
  /** Whether the panel still has its local copy. */
  stored: boolean;
}

const limits = { timeout: 30, requests: 10000 };

export const demoApplications: readonly DemoApplication[] = [
  {
    user: 'fred',
    domain: 'fred.example',
    name: 'app',
    stored: true,
    definition: {
      type: 'external',
      working_directory: '/home/fred/domains/fred.example/app',
      executable: '/home/fred/domains/fred.example/app/app.js',
      user: 'fred',
      processes: { max: 4, spare: 1, idle_timeout: 20 },
      limits,
      environment: { NODE_ENV: 'production', PORT: '3000' },
    },
  },
  {
    user: 'fred',
    domain: 'fred.example',
    name: 'legacy',
    stored: false,
    definition: {
      type: 'python 3',
      path: '/home/fred/domains/fred.example/legacy',
      module: 'wsgi',
      user: 'fred',
      processes: 1,
    },
  },
  {
    user: 'alice',
    domain: 'alice.example',
    name: 'blog',
    stored: true,
    definition: {
      type: 'php',
      root: '/home/alice/domains/alice.example/blog',
      script: 'index.php',
      user: 'alice',
      processes: { max: 8, spare: 2, idle_timeout: 20 },
      limits,
    },
  },
];
