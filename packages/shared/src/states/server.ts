import { defineStateMachine } from './machine';

/**
 * A server of the provider (docs/product/states.md): active takes new services; maintenance keeps the ones
 * it runs but takes no new ones. An administrator switches between the two (PUT /api/admin/servers/:id/maintenance).
 */
export const serverStates = defineStateMachine('server', {
  active: ['maintenance'],
  maintenance: ['active'],
} as const);
