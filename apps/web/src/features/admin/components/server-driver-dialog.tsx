import {
  type AdminServer,
  type AdminServerDriver,
  DRIVER_FIELDS,
  DRIVER_TYPES,
  type DriverType,
} from '@hostpilot/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey } from '@/lib/account-errors';
import { useServerDriver } from '../api/use-server-actions';
import { useAdminFormat } from '../lib/use-admin-format';

/**
 * A server's provisioning driver and connection settings (docs/decisions/042-provisioning-engine.md). Secrets are
 * never shown: a set one reads "set, leave empty to keep", and typing replaces it. Test connection asks the
 * driver and keeps the outcome on the server.
 */
export function ServerDriverDialog({ server, onClose }: { server: AdminServer | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={server !== null}
      onClose={onClose}
      title={server ? t('servers.driver.title', { name: server.name }) : ''}
      closeLabel={t('servers.driver.close')}
    >
      {server && <DriverForm key={server.id} server={server} onClose={onClose} />}
    </Dialog>
  );
}

function DriverForm({ server, onClose }: { server: AdminServer; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const format = useAdminFormat();
  const formId = useId();
  const [driver, setDriver] = useState<AdminServerDriver>(server.driver);
  const [type, setType] = useState<DriverType | ''>(server.driver.type ?? '');
  const [settings, setSettings] = useState<Record<string, string>>(server.driver.settings);
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const { save, test } = useServerDriver(server.id, {
    saved: (answer) => {
      setDriver(answer);
      setSecrets({});
    },
    tested: setDriver,
  });

  const fields = type ? DRIVER_FIELDS[type] : { settings: [], secrets: [] };
  const sameType = type === (driver.type ?? '');
  const connection = driver.connection;

  return (
    <>
      {save.isError && (
        <Alert tone="error" title={t('servers.driver.saveFailed')} className="mb-4">
          {tc(accountErrorKey(save.error))}
        </Alert>
      )}
      {test.isError && (
        <Alert tone="error" title={t('servers.driver.testFailed')} className="mb-4">
          {tc(accountErrorKey(test.error))}
        </Alert>
      )}
      {connection.status && (
        <Alert
          tone={connection.status === 'ok' ? 'success' : 'error'}
          title={t(`servers.driver.connection.${connection.status}`)}
          className="mb-4"
        >
          {connection.checkedAt && t('servers.driver.checkedAt', { when: format.dateTime(connection.checkedAt) })}
          {connection.error && <span className="mt-1 block break-words">{connection.error}</span>}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = type === '' ? null : type;
          const keep = (names: readonly string[], values: Record<string, string>) =>
            Object.fromEntries(names.filter((name) => values[name]).map((name) => [name, values[name]!]));
          save.mutate({
            driverType: chosen,
            settings: chosen ? keep(fields.settings, settings) : {},
            secrets: chosen ? keep(fields.secrets, secrets) : {},
          });
        }}
      >
        <Field label={t('servers.driver.type')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses(false)}
              value={type}
              onChange={(event) => setType(event.target.value as DriverType | '')}
            >
              <option value="">{t('servers.driver.none')}</option>
              {DRIVER_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`provisioning.drivers.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {fields.settings.map((name) => (
          <TextField
            key={name}
            label={t(`servers.driver.fields.${name}`)}
            autoComplete="off"
            spellCheck={false}
            value={settings[name] ?? ''}
            onChange={(event) => setSettings({ ...settings, [name]: event.target.value })}
          />
        ))}
        {fields.secrets.map((name) => (
          <TextField
            key={name}
            type="password"
            label={t(`servers.driver.fields.${name}`)}
            autoComplete="new-password"
            hint={
              sameType && driver.secretsSet.includes(name)
                ? t('servers.driver.secretSet')
                : t('servers.driver.secretNotSet')
            }
            value={secrets[name] ?? ''}
            onChange={(event) => setSecrets({ ...secrets, [name]: event.target.value })}
          />
        ))}
      </form>
      <div className="mt-4">
        <Button
          variant="secondary"
          onClick={() => test.mutate()}
          disabled={test.isPending || driver.type === null}
          aria-describedby={driver.type === null ? undefined : formId}
        >
          {test.isPending ? t('servers.driver.testing') : t('servers.driver.test')}
        </Button>
      </div>
      <DialogFormActions
        form={formId}
        cancelLabel={t('servers.driver.close')}
        onCancel={onClose}
        submitLabel={t('servers.driver.save')}
        pending={save.isPending}
      />
    </>
  );
}
