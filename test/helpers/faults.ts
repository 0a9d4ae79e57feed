// The panel faults every command is tried against, with the exit code and words each must end
// with (design.md's exit codes: 5 for a nonsensical answer, 6 for network and server failures).
import type { FaultKind } from '../../src/sandbox/index.js';

export const panelFaults: [FaultKind, number, RegExp][] = [
  ['status-500', 6, /HTTP 500/],
  ['status-503', 6, /HTTP 503/],
  ['reset', 6, /reset/],
  ['truncated', 6, /cut off|reset/],
  ['garbage', 5, /not JSON|expected shape/],
  ['html', 5, /web page/],
  ['redirect', 6, /redirect/],
];
