// Which variant of the panel's [open] behaviours the sandbox plays (facts page, "Sandbox modes").
// An option wins over the environment, so tests are not at the mercy of the caller's shell; the
// environment lets `dactl sandbox` users switch without a flag.

import type { SandboxModes } from './types.js';

const allowed: { [K in keyof SandboxModes]: readonly SandboxModes[K][] } = {
  badCredentials: ['status', 'login-page'],
  legacyErrors: ['status', 'ok'],
};

/** What most current panels do (facts page). */
const defaults: SandboxModes = { badCredentials: 'status', legacyErrors: 'status' };

const envNames: Record<keyof SandboxModes, string> = {
  badCredentials: 'DACTL_SANDBOX_BAD_CREDENTIALS',
  legacyErrors: 'DACTL_SANDBOX_LEGACY_ERRORS',
};

function pick<K extends keyof SandboxModes>(
  key: K,
  option: string | undefined,
  env: NodeJS.ProcessEnv,
): SandboxModes[K] {
  const choices = allowed[key];
  const [value, source] =
    option !== undefined
      ? [option, `sandbox option modes.${key}`]
      : [env[envNames[key]], envNames[key]];
  if (value === undefined || value === '') return defaults[key];
  const match = choices.find((c) => c === value);
  if (match === undefined) {
    throw new Error(`${source} must be one of ${choices.join(', ')} (got "${value}")`);
  }
  return match;
}

/** Resolves the modes: option, then environment variable, then the default. */
export function resolveModes(
  options: Partial<SandboxModes> = {},
  env: NodeJS.ProcessEnv = process.env,
): SandboxModes {
  return {
    badCredentials: pick('badCredentials', options.badCredentials, env),
    legacyErrors: pick('legacyErrors', options.legacyErrors, env),
  };
}
