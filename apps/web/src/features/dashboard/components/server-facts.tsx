import { type CustomerServer, GAMES } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';

/** The game's name for a game id the order chose, or the id as it is. */
export const gameName = (id: string) => GAMES.find((game) => game.id === id)?.name ?? id;

/** The data centre's name in the reader's language, or the id as it is. */
export function useLocationName() {
  const { t } = useTranslation('dashboard');
  return (id: string) => t(`orders.cities.${id}`, { defaultValue: id });
}

/** IP address, data centre and game of a server, as its card and its page list them. */
export function ServerFacts({ server, className }: { server: CustomerServer; className?: string }) {
  const { t } = useTranslation('dashboard');
  const locationName = useLocationName();
  const rows = [
    {
      label: t('servers.ip'),
      value: server.access ? (
        <span className="font-mono">{server.access.ipAddress}</span>
      ) : (
        <span className="text-slate-500">
          {server.status === 'cancelled' ? t('servers.cancelledHint') : t('servers.notPlaced')}
        </span>
      ),
    },
    ...(server.location ? [{ label: t('servers.location'), value: locationName(server.location) }] : []),
    ...(server.game ? [{ label: t('servers.game'), value: gameName(server.game) }] : []),
  ];
  return (
    <dl className={className ?? 'grid gap-3 text-sm sm:grid-cols-3'}>
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-slate-500">{row.label}</dt>
          <dd className="font-medium break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
