import type { Db } from '../db/client';
import { seedCoupons } from './coupons';
import { seedNews } from './news';

/**
 * Further seed parts (news, coupons, customer cards, ...) register here, one module per area,
 * so that adding one never touches the others. Each runs inside the seeding transaction.
 */
export type SeedExtra = (db: Db, now: number) => Promise<void>;

export const seedExtras: SeedExtra[] = [seedCoupons, seedNews];
