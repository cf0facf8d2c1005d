import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from './audit';

describe('maskSecrets', () => {
  it('masks passwords, hashes, tokens, secrets, codes and keys at any depth, and keeps the rest', () => {
    expect(
      maskSecrets({
        email: 'a@example.com',
        passwordHash: '$argon2id$...',
        smtp: { host: 'mail.example.com', password: 'hunter2', port: 587 },
        tokens: [{ refreshToken: 'abc' }],
        recoveryCodes: ['1', '2'],
        apiKey: 'k',
        role: 1,
        reason: null,
      }),
    ).toEqual({
      email: 'a@example.com',
      passwordHash: MASK,
      smtp: { host: 'mail.example.com', password: MASK, port: 587 },
      tokens: MASK,
      recoveryCodes: MASK,
      apiKey: MASK,
      role: 1,
      reason: null,
    });
  });

  it('leaves values without secrets as they are', () => {
    expect(maskSecrets({ status: 'active' })).toEqual({ status: 'active' });
    expect(maskSecrets(null)).toBeNull();
    expect(maskSecrets('text')).toBe('text');
  });
});
