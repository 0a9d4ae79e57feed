// Turns a resolved connection into a ready Client: reads the CA file and finds the password.
import type { Context } from '../context.js';
import { Client } from '../http/transport.js';
import { readCa } from './ca.js';
import { describeSource, type Connection } from './connection.js';
import { resolveSecret } from './secret.js';

export async function makeClient(
  connection: Connection,
  ctx: Context,
  password?: string,
): Promise<Client> {
  const secret =
    password ??
    (await resolveSecret({
      envPassword: ctx.io.env.DACTL_PASSWORD || undefined,
      passwordCommand: connection.profileData?.passwordCommand,
      stored: connection.profileData?.password,
      prompts: ctx.prompts,
      account: `${connection.username} at ${connection.url}`,
    }));
  return new Client({
    url: connection.url,
    username: connection.username,
    password: secret,
    as: connection.as,
    ca: connection.caCert ? readCa(connection.caCert) : undefined,
    insecure: connection.insecure,
    timeoutMs: connection.timeoutMs,
    who: describeSource(connection),
    debug: ctx.options.debug ? ctx.log : undefined,
  });
}
