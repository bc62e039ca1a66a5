// The one builder of the app config a component test renders with: the restaurant's rules as
// appDataStore holds them (GetAppconfig), parsed by the contract so its defaults apply as for the real
// one, with only what a test is about written in the test. Test-only: no production code imports
// @shop/shared/testing.
import type { z } from 'zod';
import { appConfig, branchSettings, type BranchSettings, type OpeningHours } from '../contract/appconfig';
import { pricingConfig } from '../domain/cart-test-fixtures';
import type { AppData } from '../stores/app-data';

type AppConfigInput = z.input<typeof appConfig>;

const OPEN = { opened: true, a: { fromHour: 11, fromMinute: 0, tillHour: 22, tillMinute: 0 }, b: { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 } };
/** Every day 11:00–22:00: the default test instant (Tuesday 12:07, shared/src/testing/instants.ts) has pickup slots today. */
const ELEVEN_TO_TEN: OpeningHours = { '1': OPEN, '2': OPEN, '3': OPEN, '4': OPEN, '5': OPEN, '6': OPEN, '7': OPEN };

/** The Hamburg branch of a test host (a host descriptor's `branch`). */
export const TEST_BRANCH: BranchSettings = branchSettings.parse({
  filialnummer: 1,
  defaultPlz: '20099',
  defaultCity: 'Hamburg',
  pickupAddress: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg',
});

/**
 * App data of a shop where every mode and provider is on: the minimums, fees and preparation delays of
 * the pricing tests (takeaway 8,00 €, delivery 20,00 € plus 2,90 €, online service fee 0,49 €), ordering
 * windows 11:00–22:00 every day, deliveries to 20099 and 20095, delivery (online and on delivery) and tips
 * on. Any config field can be given; the given features are laid over these.
 */
export function testAppData(overrides: Partial<AppConfigInput> = {}): AppData {
  const appconfig = appConfig.parse({
    orderingEnabled: true,
    inhouseOrderingEnabled: true,
    takeawayOrderingEnabled: true,
    deliveryOrderingEnabled: true,
    selfServiceEnabled: false,
    delayInMinutes: 20,
    minOrderAmount: 0,
    openingHours: ELEVEN_TO_TEN,
    takeAway: { ...pricingConfig.takeAway, openingHours: ELEVEN_TO_TEN },
    delivery: { ...pricingConfig.delivery, openingHours: ELEVEN_TO_TEN },
    onlineServiceFee: pricingConfig.onlineServiceFee,
    providers: { bar: true, stripe: true, paypal: true, wallet: true, customerCard: true },
    allowedDeliveryPlz: ['20099', '20095'],
    ...overrides,
    features: { enableDelivery: true, enableDeliveryOhnePay: true, enableTip: true, ...overrides.features },
  });
  return { appconfig, stores: [], branch: TEST_BRANCH };
}
