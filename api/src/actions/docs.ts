import { collections } from '../collections';
import type { CollectionModule } from '../collections/registry';
import { ApiError } from '../http/api-error';
import type { ActionHandler } from './context';

function moduleFor(name: string): CollectionModule<string> {
  const mod = (collections as Record<string, CollectionModule<string> | undefined>)[name];
  if (!mod) throw new ApiError(404, 'not_found', `Collection "${name}" is not available`);
  return mod;
}

/** LoadDocs (requirements#calls "Query collection"). */
export const LoadDocs: ActionHandler<'LoadDocs'> = async (payload, ctx) => {
  const mod = moduleFor(payload.collectionName);
  if (!mod.load) throw new ApiError(400, 'bad_request', `Collection "${payload.collectionName}" cannot be queried`);
  return { docs: (await mod.load(payload.query, ctx)) as Record<string, unknown>[] };
};

/** DocUpserter (requirements#calls "Update collection"). */
export const DocUpserter: ActionHandler<'DocUpserter'> = async (payload, ctx) => {
  const mod = moduleFor(payload.collectionName);
  if (!mod.upsert) throw new ApiError(400, 'bad_request', `Collection "${payload.collectionName}" cannot be updated`);
  const doc = await mod.upsert(payload, ctx);
  return doc ? { doc } : {};
};

export const docsHandlers = { LoadDocs, DocUpserter };
