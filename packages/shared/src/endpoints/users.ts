import { defineEndpoint } from './define';
import { preferencesSchema } from '../api/customer';
import { preferencesUpdateRequestSchema, profileUpdateRequestSchema } from '../api/self-service';
import { userSchema } from '../schemas/auth';

/** The users module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const usersEndpoints = {
  getUsersMe: defineEndpoint({
    method: 'GET',
    path: '/users/me',
    response: userSchema.describe('The user: id, firstName, lastName, email, role'),
    auth: 'customer',
  }),
  getUsersMePreferences: defineEndpoint({
    method: 'GET',
    path: '/users/me/preferences',
    response: preferencesSchema,
    auth: 'customer',
  }),
  putUsersMe: defineEndpoint({
    method: 'PUT',
    path: '/users/me',
    body: profileUpdateRequestSchema,
    response: userSchema,
    auth: 'customer',
  }),
  patchUsersMePreferences: defineEndpoint({
    method: 'PATCH',
    path: '/users/me/preferences',
    body: preferencesUpdateRequestSchema,
    response: preferencesSchema,
    auth: 'customer',
  }),
};
