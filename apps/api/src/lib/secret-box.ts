import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts settings secrets (the SMTP password) for storage in the database: AES-256-GCM under a key derived
 * from the server secret (JWT_SECRET or the one kept in DATA_DIR, lib/secrets.ts), so the database alone never
 * holds what decrypts them (docs/decisions/034-system-settings-and-mail.md). Stored as
 * `v1:<iv>:<tag>:<ciphertext>`, base64url parts; the setting's name is bound in as associated data, so a value
 * copied to another setting does not decrypt.
 */
export interface SecretBox {
  seal(plaintext: string, purpose: string): string;
  /** The plaintext, or undefined when the value was not sealed by this server's key (or was altered). */
  open(sealed: string, purpose: string): string | undefined;
}

export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'hostpilot', 'settings-secrets', 32));
  return {
    seal(plaintext, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    open(sealed, purpose) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
