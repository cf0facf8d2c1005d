import { createHash } from 'node:crypto';
import Bowser from 'bowser';

/**
 * The device of a sign-in as people recognise it, read from the user agent: "Firefox · Linux",
 * "Safari · iOS". Empty when the user agent tells nothing (the web shows "Unknown device" in its language).
 * The key identifies the same browser on the same system across sign-ins, for the new-device mail.
 */
export function describeDevice(userAgent: string | undefined): { device: string; key: string } {
  const ua = (userAgent ?? '').slice(0, 512);
  let device = '';
  if (ua) {
    const parsed = Bowser.parse(ua);
    device = [parsed.browser.name, parsed.os.name].filter((part) => part && part.trim() !== '').join(' · ');
  }
  const key = createHash('sha256')
    .update(device || ua)
    .digest('base64url');
  return { device, key };
}
