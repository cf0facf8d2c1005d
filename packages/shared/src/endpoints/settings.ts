import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  adminOutboxPageSchema,
  adminOutboxQuerySchema,
  emailTestInputSchema,
  emailTestResultSchema,
  outboxMailSchema,
  systemSettingsInputSchema,
  systemSettingsViewSchema,
} from '../api/system-settings';
import { securitySettingsSchema } from '../schemas/auth';

/**
 * The settings module's endpoints: System Settings, Test Email Settings, the outbox and the staff sign-in rules
 * (docs/decisions/068-typed-endpoint-contract.md).
 */
export const settingsEndpoints = {
  getAdminSettings: defineEndpoint({
    method: 'GET',
    path: '/admin/settings',
    response: systemSettingsViewSchema,
    auth: 'staff',
    permission: 'settings.read',
  }),
  putAdminSettings: defineEndpoint({
    method: 'PUT',
    path: '/admin/settings',
    body: systemSettingsInputSchema,
    response: systemSettingsViewSchema,
    auth: 'staff',
    permission: 'settings.write',
  }),
  postAdminSettingsEmailTest: defineEndpoint({
    method: 'POST',
    path: '/admin/settings/email/test',
    body: emailTestInputSchema,
    response: emailTestResultSchema,
    auth: 'staff',
    permission: 'settings.write',
  }),
  getAdminOutbox: defineEndpoint({
    method: 'GET',
    path: '/admin/outbox',
    query: adminOutboxQuerySchema,
    response: adminOutboxPageSchema,
    auth: 'staff',
    permission: 'settings.read',
  }),
  getAdminOutboxItem: defineEndpoint({
    method: 'GET',
    path: '/admin/outbox/:id',
    params: z.object({ id: z.uuid() }),
    response: outboxMailSchema,
    auth: 'staff',
    permission: 'settings.read',
  }),
  getAdminSettingsSecurity: defineEndpoint({
    method: 'GET',
    path: '/admin/settings/security',
    response: securitySettingsSchema,
    auth: 'staff',
    permission: 'settings.read',
  }),
  putAdminSettingsSecurity: defineEndpoint({
    method: 'PUT',
    path: '/admin/settings/security',
    body: securitySettingsSchema,
    response: securitySettingsSchema,
    auth: 'staff',
    permission: 'settings.write',
  }),
};
