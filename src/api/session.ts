import type { Client } from '../http/transport.js';
import { isRecord } from '../json/record.js';
import { unexpected } from './shape.js';

/** CMD_API_LOGIN_TEST: a cheap "are these credentials good" call. Returns the panel's words. */
export async function loginTest(client: Client): Promise<string> {
  const reply = await client.send({
    method: 'GET',
    path: '/CMD_API_LOGIN_TEST',
    query: { json: 'yes' },
  });
  if (isRecord(reply) && typeof reply.success === 'string') return reply.success;
  throw unexpected('the login test', reply);
}
