import { and, asc, desc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { LIMITS, type PushTopic, type PushTopics } from '@shop/shared/contract';
import { defaultPushTopics, pushTokenKind } from '@shop/shared/domain/push';
import type { Db } from '../db/client';
import { pushTokens } from '../db/schema';

/**
 * The push token records (requirements#entities; docs/adr/0024-push-messages.md): one row per device, its token (a token
 * belongs to one device at a time), its topics and the account signed in on it.
 */

export interface DeviceSettings {
  readonly token: string | null;
  readonly topics: PushTopics;
}

type Row = typeof pushTokens.$inferSelect;

function settingsOf(row: Row | undefined): DeviceSettings {
  return { token: row?.token ?? null, topics: row?.topics ?? defaultPushTopics() };
}

/** Takes a token away from every other device (it moved here, e.g. after the browser id was reset). */
async function releaseElsewhere(tx: Db, token: string, deviceId: string, now: number): Promise<void> {
  await tx
    .update(pushTokens)
    .set({ token: null, kind: null, updatedAt: now })
    .where(and(eq(pushTokens.token, token), ne(pushTokens.deviceId, deviceId)));
}

/**
 * An account's devices are bounded (LIMITS.pushDevicesPerAccount): the least recently updated ones
 * beyond it lose the link to the account (their token and topics stay the device's).
 */
async function capAccountDevices(tx: Db, fuid: string, current: string, now: number): Promise<void> {
  // The device asking keeps its link; of the others, the most recently updated.
  const beyond = await tx
    .select({ deviceId: pushTokens.deviceId })
    .from(pushTokens)
    .where(and(eq(pushTokens.fuid, fuid), ne(pushTokens.deviceId, current)))
    .orderBy(desc(pushTokens.updatedAt), desc(pushTokens.deviceId))
    .offset(LIMITS.pushDevicesPerAccount - 1);
  if (beyond.length === 0) return;
  await tx
    .update(pushTokens)
    .set({ fuid: null, updatedAt: now })
    .where(
      inArray(
        pushTokens.deviceId,
        beyond.map((r) => r.deviceId),
      ),
    );
}

/**
 * Stores a device's token ("Store push token", requirements#calls): inserted with all topics on, or the
 * device's token replaced (topics kept). `fuid` links the signed-in account (never unlinks).
 */
export async function storeToken(db: Db, input: { deviceId: string; token: string; fuid: string | null; now: number }): Promise<DeviceSettings> {
  const kind = pushTokenKind(input.token);
  if (!kind) throw new Error('storeToken: not a push token');
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await releaseElsewhere(tx, input.token, input.deviceId, input.now);
    const [row] = await tx
      .insert(pushTokens)
      .values({ deviceId: input.deviceId, token: input.token, kind, topics: defaultPushTopics(), fuid: input.fuid, createdAt: input.now, updatedAt: input.now })
      .onConflictDoUpdate({
        target: pushTokens.deviceId,
        set: {
          token: input.token,
          kind,
          fuid: input.fuid === null ? sql`${pushTokens.fuid}` : input.fuid,
          updatedAt: input.now,
        },
      })
      .returning();
    if (input.fuid !== null) await capAccountDevices(tx, input.fuid, input.deviceId, input.now);
    return settingsOf(row);
  });
}

/**
 * SaveAppSettings: the device's topics, and its token when given (null: the device has none any
 * more). A signed-in user's topic choice applies to every device of the account.
 */
export async function saveSettings(
  db: Db,
  input: { deviceId: string; token: string | null | undefined; topics: PushTopics; fuid: string | null; now: number },
): Promise<DeviceSettings> {
  const kind = input.token ? pushTokenKind(input.token) : null;
  if (input.token && !kind) throw new Error('saveSettings: not a push token');
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    if (input.token) await releaseElsewhere(tx, input.token, input.deviceId, input.now);
    const tokenSet = input.token === undefined ? {} : { token: input.token, kind };
    const [row] = await tx
      .insert(pushTokens)
      .values({
        deviceId: input.deviceId,
        token: input.token ?? null,
        kind,
        topics: input.topics,
        fuid: input.fuid,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoUpdate({
        target: pushTokens.deviceId,
        set: { ...tokenSet, topics: input.topics, fuid: input.fuid === null ? sql`${pushTokens.fuid}` : input.fuid, updatedAt: input.now },
      })
      .returning();
    if (input.fuid !== null) {
      await tx.update(pushTokens).set({ topics: input.topics, updatedAt: input.now }).where(eq(pushTokens.fuid, input.fuid));
      await capAccountDevices(tx, input.fuid, input.deviceId, input.now);
    }
    return settingsOf(row);
  });
}

/** A token the provider called gone (unregistered, invalid): no device keeps it. */
export async function forgetToken(db: Db, token: string, now: number): Promise<void> {
  await db.update(pushTokens).set({ token: null, kind: null, updatedAt: now }).where(eq(pushTokens.token, token));
}

/** The tokens of an order's recipients: the device that placed it and the account's devices. */
export async function tokensOfOwner(db: Db, owner: { deviceId: string; fuid: string | null }): Promise<string[]> {
  const who = owner.fuid ? or(eq(pushTokens.deviceId, owner.deviceId), eq(pushTokens.fuid, owner.fuid)) : eq(pushTokens.deviceId, owner.deviceId);
  const rows = await db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .where(and(isNotNull(pushTokens.token), who));
  return [...new Set(rows.map((r) => r.token).filter((t): t is string => t !== null))];
}

/** The tokens of the devices that want a topic, page by page (keyset on the device id). */
export async function* tokensOfTopic(db: Db, topic: PushTopic, pageSize = 500): AsyncGenerator<string[]> {
  let after = '';
  for (;;) {
    const rows = await db
      .select({ deviceId: pushTokens.deviceId, token: pushTokens.token })
      .from(pushTokens)
      .where(and(isNotNull(pushTokens.token), sql`${pushTokens.topics} ->> ${topic} = 'true'`, gt(pushTokens.deviceId, after)))
      .orderBy(asc(pushTokens.deviceId))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => r.token).filter((t): t is string => t !== null);
    after = rows[rows.length - 1]!.deviceId;
    if (rows.length < pageSize) return;
  }
}
