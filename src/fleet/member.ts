// The panel a fleet run is working on, for Context.from: each panel's run of a command gets its
// own profile, connection, client and writer, and never sees another panel's (src/fleet/run.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FleetSink } from '../output/fleet-writer.js';

export interface FleetMember {
  profile: string;
  sink: FleetSink;
  /** Resolves once the fleet may be changed (asked once for every panel), or throws. */
  approve: () => Promise<void>;
  /** This panel's own replay of stdin (src/fleet/stdin.ts). */
  stdin: () => NodeJS.ReadStream;
}

let members: AsyncLocalStorage<FleetMember> | undefined;

export const currentMember = (): FleetMember | undefined => members?.getStore();

export const asMember = <T>(member: FleetMember, run: () => T): T =>
  (members ??= new AsyncLocalStorage<FleetMember>()).run(member, run);
