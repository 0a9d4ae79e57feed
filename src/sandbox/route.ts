// The contract between the router and an endpoint. An endpoint is one handler file plus one line
// in routes.ts; authentication, impersonation, role checks and reply encoding happen around it.

import type { LoginKeyRecord } from './login-keys.js';
import type { Reply } from './reply.js';
import type { SandboxRequest } from './request.js';
import type { AccountRecord, Store } from './state.js';
import type { Role } from './types.js';

export interface HandlerContext {
  request: SandboxRequest;
  /** The acting account: the last name of an impersonation chain (`admin|fred` → fred). */
  account: AccountRecord;
  /** The account whose password was checked (`admin|fred` → admin). */
  login: AccountRecord;
  /** The panel's state; call store.save() after changing it. */
  store: Store;
  /** The `{name}` segments of a route such as `/api/db-show/databases/{database}`. */
  pathParams: Record<string, string>;
  /** The Login Key the login used, when it was not the password. */
  key?: LoginKeyRecord;
}

export type Handler = (ctx: HandlerContext) => Reply | Promise<Reply>;

/** For the few pages the panel serves without credentials, such as its login form. */
export type PublicHandler = (request: SandboxRequest, store: Store) => Reply;

interface Common {
  /** Allowed methods; absent = any, as legacy `CMD_*` commands answer GET and POST alike. */
  methods?: readonly string[];
  /**
   * A web-interface command (CMD_ACCOUNT_USER, not CMD_API_ACCOUNT_USER): without json=yes it
   * answers an HTML page with this title, not URL-encoded data.
   */
  webPage?: string;
}

export type Route =
  | (Common & {
      /** The least role the acting account needs; a higher role also passes. */
      level: Role;
      handler: Handler;
    })
  | (Common & { level: 'public'; handler: PublicHandler });
