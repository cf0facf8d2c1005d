import type { Maintenance } from '@hostpilot/shared';
import { useEffect, useState } from 'react';
import { api } from './session';

/** Fired (with the new state as `detail`) when this tab turns maintenance mode on or off. */
export const MAINTENANCE_CHANGED_EVENT = 'hostpilot:maintenance';

/** How often an open page asks again whether maintenance is on. */
export const MAINTENANCE_POLL_MS = 60_000;

/**
 * Whether maintenance mode is on (GET /api/maintenance), read after hydration so that prerendered pages stay the
 * same for everyone; null until known. Asked again every minute, when the tab comes back into view, and at
 * once when this tab switches it (docs/decisions/035-support-queue-and-operations.md).
 */
export function useMaintenance(): Maintenance | null {
  const [state, setState] = useState<Maintenance | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      api.get<Maintenance>('/maintenance', { auth: false }).then(
        (answer) => live && setState(answer),
        () => undefined,
      );
    const onChange = (event: Event) => setState((event as CustomEvent<Maintenance>).detail);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void read();
    };
    void read();
    const timer = window.setInterval(() => void read(), MAINTENANCE_POLL_MS);
    window.addEventListener(MAINTENANCE_CHANGED_EVENT, onChange);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener(MAINTENANCE_CHANGED_EVENT, onChange);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return state;
}
