// CMD_LOGIN: the panel's login form, served without credentials. The `redirect` fault sends
// clients here, so one that follows redirects lands on a login page, as with a real panel.

import { HTML_TYPE } from '../render.js';
import { loginPageHtml } from '../login-page.js';
import { page } from '../reply.js';
import type { PublicHandler } from '../route.js';

export const loginPage: PublicHandler = () => page(200, HTML_TYPE, loginPageHtml);
