import type { z } from 'zod';
import type { ACTIONS, ActionName, ActionResult, HostDescriptor, News } from '@shop/shared/contract';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import type { TokenVerifier, VerifiedUser } from '../auth/verify';
import type { WindowMarks } from '../http/window-marks';
import type { StreamTickets } from '../events/stream-tickets';
import type { MenuRepository } from '../orders/menu-repository';
import type { OrderTokens } from '../orders/order-tokens';
import type { Payments } from '../payments/registry';
import type { PushService } from '../push/service';

/**
 * Called once a news item has gone online (the staff published it now: SaveNews or SetNewsActive),
 * after the change is saved and announced. The hook point for topic push messages (topic 'news');
 * its failure never fails the staff's action.
 */
export type NewsPublishedHook = (news: News) => Promise<void>;

/** Everything a handler may use; built per request by the action route. */
export interface ActionContext {
  readonly db: Db;
  readonly browserId: string;
  /** The client's IP address (the proxy's view only with TRUST_PROXY). */
  readonly ip: string;
  readonly user: VerifiedUser | null;
  /** Firebase: verifies further ID tokens of a request (an anonymous guest's, when merged) and deletes users. */
  readonly identity: TokenVerifier;
  readonly hostname: string;
  readonly descriptor: HostDescriptor;
  readonly events: EventBus;
  /** The instance's payment providers (live or test, never mixed). */
  readonly payments: Payments;
  /** The instance's push messages. */
  readonly push: PushService;
  readonly menus: MenuRepository;
  readonly now: () => number;
  /** Access tokens of orders (a capability to read one order and follow its status). */
  readonly orderTokens: OrderTokens;
  /** How long an online order may stay unpaid before it expires. */
  readonly unpaidOrderExpiryMs: number;
  /** Product lines an order may have at most. */
  readonly maxOrderLines: number;
  /** "Once per window" marks shared by the instances (a page view counts once per device, route and minute). */
  readonly marks: WindowMarks;
  /** Short-lived single-use tickets that open an event stream (IssueStreamTicket; docs/requirements.md#live-updates-heal). */
  readonly streamTickets: StreamTickets;
  /** Whether open unpaid orders are capped per browser and network (DRAFT_LIMITS). */
  readonly draftLimits: boolean;
  /** See NewsPublishedHook; absent: nobody is told beyond the live stream. */
  readonly onNewsPublished?: NewsPublishedHook;
}

export type ActionHandler<A extends ActionName> = (payload: z.output<(typeof ACTIONS)[A]['payload']>, ctx: ActionContext) => Promise<ActionResult<A>>;

export type HandlerMap = { [A in ActionName]: ActionHandler<A> };
