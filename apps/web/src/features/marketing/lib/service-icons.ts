import { DatabaseBackup, type LucideIcon, Mail, ShieldCheck, ShieldHalf, LayoutTemplate } from 'lucide-react';

/** The extras of docs/product/README.md; each id is also the anchor of its card on /services. */
export type ServiceId = 'ssl' | 'backup' | 'email' | 'security' | 'builder';

export const SERVICE_ICONS: Record<ServiceId, LucideIcon> = {
  ssl: ShieldCheck,
  backup: DatabaseBackup,
  email: Mail,
  security: ShieldHalf,
  builder: LayoutTemplate,
};

/** docs/product/screens.md: the home page's four service cards link to these anchors of /services. */
export const HOME_SERVICES: readonly ServiceId[] = ['ssl', 'backup', 'email', 'security'];
