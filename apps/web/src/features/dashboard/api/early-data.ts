import { tokenStorage } from '@/lib/storage';

/** A request the boot script (src/boot.js) started with the page's HTML, before the app's code had loaded. */
interface EarlyRequest {
  path: string;
  token: string;
  response: Promise<Response | null>;
  /** Set by src/figures.js once the frame shows the counts of this answer. */
  shown?: boolean;
}

declare global {
  interface Window {
    __hostpilotEarly?: EarlyRequest;
  }
}

/** Whether the dashboard home's frame shows the figures of the boot script's summary answer (src/figures.js). */
export function earlyFiguresShown(): boolean {
  return typeof window !== 'undefined' && window.__hostpilotEarly?.shown === true;
}

/**
 * The answer to the request the boot script started for `path`, taken once (docs/decisions/047-interactive-from-first-paint.md):
 * the dashboard home's data is on its way while the app's code downloads. Null, and the caller asks as usual through
 * the app's HTTP client (which refreshes an expired token), when there was none, it was for another path or
 * another sign-in, or it did not succeed.
 */
export async function adoptEarlyAnswer<T>(path: string): Promise<T | null> {
  const early = typeof window === 'undefined' ? undefined : window.__hostpilotEarly;
  if (!early || early.path !== path) return null;
  window.__hostpilotEarly = undefined;
  if (early.token !== tokenStorage.getAccessToken()) return null;
  const response = await early.response;
  if (!response?.ok) return null;
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}
