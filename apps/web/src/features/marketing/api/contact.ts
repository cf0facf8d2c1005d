import { type ContactRequest, type ContactResponse, supportRoutes } from '@hostpilot/shared';
import { api } from '@/lib/session';

/** POST /api/contact: opens a guest ticket with the message; answers its number (decision 053). */
export function sendContactMessage(message: ContactRequest): Promise<ContactResponse> {
  return api.call(supportRoutes.postContact, { body: message, auth: false });
}
