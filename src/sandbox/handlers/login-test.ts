// CMD_API_LOGIN_TEST (and CMD_LOGIN_TEST): the cheap "are these credentials good" call. The
// router has already authenticated, so reaching the handler is the answer.

import { success } from '../reply.js';
import type { Handler } from '../route.js';

export const loginTest: Handler = () => success('Login OK');
