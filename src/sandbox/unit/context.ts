// What every CMD_UNIT action gets: the handler context plus the checked domain and Unit's model.
import { failure, type Reply } from '../reply.js';
import type { HandlerContext } from '../route.js';
import type { UnitModel } from './model.js';

export interface UnitContext extends HandlerContext {
  /** A domain of the acting account (checked before any action runs). */
  domain: string;
  model: UnitModel;
}

export type UnitAction = (ctx: UnitContext) => Reply;

/** The panel's answer to an account acting on a domain, or a domain's route set, not its own. */
export const notYours = (): Reply =>
  failure(403, 'ACCESS_DENIED', 'You do not own that domain', '');
