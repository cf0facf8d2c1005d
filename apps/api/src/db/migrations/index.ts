import type { Migration } from 'kysely';
import * as m0001 from './0001-create-users';
import * as m0002 from './0002-create-refresh-tokens';
import * as m0003 from './0003-users-profile';
import * as m0004 from './0004-create-servers';
import * as m0005 from './0005-create-services';
import * as m0006 from './0006-create-domains';
import * as m0007 from './0007-create-billing';
import * as m0008 from './0008-create-support';
import * as m0009 from './0009-create-notifications-activity';
import * as m0010 from './0010-create-knowledge-articles';
import * as m0011 from './0011-create-audit-history-settings';
import * as m0030 from './0030-admin-search-and-sort-indexes';
import * as m0040 from './0040-create-account-tokens';
import * as m0041 from './0041-add-users-email-verified-at';
import * as m0042 from './0042-create-sign-ins';
import * as m0043 from './0043-create-two-factor';
import * as m0050 from './0050-list-generations';
import * as m0070 from './0070-create-scheduler';
import * as m0080 from './0080-create-orders';
import * as m0090 from './0090-payment-refunds';
import * as m0100 from './0100-create-error-log';
import * as m0110 from './0110-domain-administration';
import * as m0120 from './0120-services-pending-plan';
import * as m0130 from './0130-payment-methods';
import * as m0140 from './0140-account-generations';
import * as m0150 from './0150-payment-purpose';
import * as m0160 from './0160-account-token-email';
import * as m0200 from './0200-provisioning';
import * as m0230 from './0230-create-certificates';
import * as m0240 from './0240-domain-ds-records';
import * as m0270 from './0270-order-cart-and-cancel-cause';
import * as m0271 from './0271-order-line-discount';
import * as m0290 from './0290-guest-tickets';
import * as m0310 from './0310-service-usage-samples';
import * as m0311 from './0311-getting-started-dismissed';
import * as m0340 from './0340-measured-usage';
import * as m0350 from './0350-certificate-installed-on-site';
import * as m0370 from './0370-provisioning-hot-path-indexes';
import * as m0380 from './0380-dns-challenge-locks';
import * as m0390 from './0390-service-addon-domains';

/**
 * Every migration, in order. Imported statically so that the bundled server carries them.
 * Add a file `NNNN-what-it-does.ts` and list it here; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-create-users': m0001,
  '0002-create-refresh-tokens': m0002,
  '0003-users-profile': m0003,
  '0004-create-servers': m0004,
  '0005-create-services': m0005,
  '0006-create-domains': m0006,
  '0007-create-billing': m0007,
  '0008-create-support': m0008,
  '0009-create-notifications-activity': m0009,
  '0010-create-knowledge-articles': m0010,
  '0011-create-audit-history-settings': m0011,
  '0030-admin-search-and-sort-indexes': m0030,
  '0040-create-account-tokens': m0040,
  '0041-add-users-email-verified-at': m0041,
  '0042-create-sign-ins': m0042,
  '0043-create-two-factor': m0043,
  '0050-list-generations': m0050,
  '0070-create-scheduler': m0070,
  '0080-create-orders': m0080,
  '0090-payment-refunds': m0090,
  '0100-create-error-log': m0100,
  '0110-domain-administration': m0110,
  '0120-services-pending-plan': m0120,
  '0130-payment-methods': m0130,
  '0140-account-generations': m0140,
  '0150-payment-purpose': m0150,
  '0160-account-token-email': m0160,
  '0200-provisioning': m0200,
  '0230-create-certificates': m0230,
  '0240-domain-ds-records': m0240,
  '0270-order-cart-and-cancel-cause': m0270,
  '0271-order-line-discount': m0271,
  '0290-guest-tickets': m0290,
  '0310-service-usage-samples': m0310,
  '0311-getting-started-dismissed': m0311,
  '0340-measured-usage': m0340,
  '0350-certificate-installed-on-site': m0350,
  '0370-provisioning-hot-path-indexes': m0370,
  '0380-dns-challenge-locks': m0380,
  '0390-service-addon-domains': m0390,
};
