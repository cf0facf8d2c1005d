import { defineStateMachine } from './machine';

/**
 * An SSL certificate of a service (docs/decisions/049-certificates-through-acme.md): ordered from the CA, validating
 * its challenges, issued; renewing goes back to issued with a new serial (the old one kept until it expires);
 * failed says why (not-pointed, caa-forbids, rate-limited, ca-unreachable) and may be ordered again; expired and
 * revoked end it (a reissue after expiry orders again).
 */
export const certificateStates = defineStateMachine('certificate', {
  ordered: ['validating', 'failed'],
  validating: ['issued', 'failed'],
  issued: ['renewing', 'expired', 'revoked'],
  renewing: ['issued', 'failed', 'revoked'],
  failed: ['ordered', 'renewing', 'expired', 'revoked'],
  expired: ['ordered'],
  revoked: [],
} as const);

export type CertificateStatus = (typeof certificateStates.states)[number];

/** A certificate's key: ECDSA P-256 by default, RSA 2048 on request. */
export const CERTIFICATE_KEY_TYPES = ['ec-p256', 'rsa-2048'] as const;
export type CertificateKeyType = (typeof CERTIFICATE_KEY_TYPES)[number];
