import { PERMISSIONS } from '../roles';
import { z } from '../schemas/zod';

/**
 * Response contracts of the back-office API under /api/admin (docs/product/api.md). The API serialises its
 * answers with these schemas and the web app reads them with the same types.
 */

/** GET /api/admin/me/permissions: what the caller's role may do now, so the web hides what it cannot. */
export const adminPermissionsSchema = z.object({
  role: z.number().int(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type AdminPermissions = z.infer<typeof adminPermissionsSchema>;
