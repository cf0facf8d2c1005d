import type { PublicSettings } from '@hostpilot/shared';
import { useSyncExternalStore } from 'react';
import { api } from './session';

/*
 * GET /api/settings/public, read once per visit and shared by every form and page that needs it (public pages
 * have no query client, so this is a small store of its own). A failed read leaves the defaults: the API checks
 * the same rules anyway.
 *
 * Apart from the password rules (./public-settings.ts), which need the shared schemas' module and with it zod: the
 * dashboard's sidebar reads the settings on the first render of every signed-in page, and that code is kept small
 * (docs/decisions/065-the-dashboard-paints-with-its-html.md).
 */
let current: PublicSettings | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): void {
  if (loading) return;
  loading = api.get<PublicSettings>('/settings/public').then(
    (settings) => {
      current = settings;
      listeners.forEach((listener) => listener());
    },
    () => {
      loading = undefined;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

/** The public settings once read, or undefined. */
export function usePublicSettings(): PublicSettings | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}

/** Reads the public settings again (after the back office saved them). */
export function refreshPublicSettings(): void {
  loading = undefined;
  load();
}
