// Turns a resolved connection into a ready Client: reads the CA file and finds the password.
import type { Context } from '../context.js';
import { replyLimit } from '../http/receive.js';
import { Client } from '../http/transport.js';
import { readCa } from './ca.js';
import { describeSource, type Connection } from './connection.js';
import { expiryReminder, pendingReminder } from './login-key.js';
import { resolveSecret } from './secret.js';
import { clearTextWarning, sentInClear } from '../validate/settings.js';

export async function makeClient(
  connection: Connection,
  ctx: Context,
  password?: string,
): Promise<Client> {
  warnAbout(connection, ctx);
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
    pin: connection.pin,
    timeoutMs: connection.timeoutMs,
    maxReplyBytes: replyLimit(ctx.io.env),
    who: describeSource(connection),
    debug: ctx.options.debug ? ctx.log : undefined,
    // The audit trail is loaded when the first change is sent, never by a read.
    record: async (client, request) =>
      (await import('../audit/record.js')).beginChange(ctx, connection.profile, client, request),
  });
}

/** Said on every run, once: the --insecure flag has its own warning (see Context). */
function warnAbout(connection: Connection, ctx: Context): void {
  if (connection.insecure && !ctx.options.insecure) {
    ctx.log.warn(
      `${describeSource(connection)} is saved with insecure: the panel certificate is not checked; anyone on the path can read the password.`,
    );
  }
  if (sentInClear(connection.url)) ctx.log.warn(clearTextWarning(connection.url));
  const { profile, profileData } = connection;
  const key = profileData?.loginKey;
  const reminder = key && profile && expiryReminder(profile, key);
  if (reminder) ctx.log.warn(reminder);
  const pending = profileData?.pendingKey;
  if (pending !== undefined && profile) ctx.log.warn(pendingReminder(profile, pending));
}
