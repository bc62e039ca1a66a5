import type { DocUpserterPayload, LoadDocsPayload } from '@shop/shared/contract';
import type { ActionContext } from '../actions/context';

/**
 * The generic collection actions (LoadDocs, DocUpserter) dispatch to one module per collection,
 * so each area owns its collection's rules (who may read, what may change).
 */
export interface CollectionModule<Name extends string> {
  load?(query: Extract<LoadDocsPayload, { collectionName: Name }>['query'], ctx: ActionContext): Promise<unknown[]>;
  upsert?(payload: Extract<DocUpserterPayload, { collectionName: Name }>, ctx: ActionContext): Promise<Record<string, unknown> | undefined>;
}

export type CollectionRegistry = {
  [N in LoadDocsPayload['collectionName'] | DocUpserterPayload['collectionName']]?: CollectionModule<N>;
};
