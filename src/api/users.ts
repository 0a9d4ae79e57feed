import type { Client } from '../http/transport.js';
import { unexpected } from './shape.js';

/** CMD_API_SHOW_ALL_USERS (admin): every account name on the server. */
export async function listAllUsers(client: Client): Promise<string[]> {
  const reply = await client.send({
    method: 'GET',
    path: '/CMD_API_SHOW_ALL_USERS',
    query: { json: 'yes' },
  });
  if (Array.isArray(reply) && reply.every((u) => typeof u === 'string')) return reply;
  throw unexpected('the user list', reply);
}
