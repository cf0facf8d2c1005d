import { defineEndpoint } from './define';
import {
  articleDetailSchema,
  articleListQuerySchema,
  articlePageSchema,
  articleQuerySchema,
  idParamsSchema,
} from '../api/customer';

/** The knowledge module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const knowledgeEndpoints = {
  getKnowledgeArticles: defineEndpoint({
    method: 'GET',
    path: '/knowledge/articles',
    query: articleListQuerySchema,
    response: articlePageSchema,
    auth: 'customer',
  }),
  getKnowledgeArticlesItem: defineEndpoint({
    method: 'GET',
    path: '/knowledge/articles/:id',
    params: idParamsSchema,
    query: articleQuerySchema,
    response: articleDetailSchema,
    auth: 'customer',
  }),
};
