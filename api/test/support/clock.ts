import { testInstant } from '@shop/shared/testing/instants';
import { offsetClock } from '../../src/clock';

/**
 * The clock of the API tests: it starts at SHOP_TEST_NOW (the time matrix) or at the default test
 * instant, and runs at real speed. Test APIs run on it and test data is dated by it, so no test
 * depends on the hour the suite runs at.
 */
export const testClock = offsetClock(testInstant());

export const testNow = (): number => testClock.now();
