import {
  type AdminServer,
  type AdminServerInput,
  adminServerInputSchema,
  DATA_CENTERS,
  SERVER_LIMITS,
  SERVER_TYPES,
} from '@hostpilot/shared';
import { useId } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { useAddServer, useDeleteServer, useEditServer } from '../api/use-server-actions';

/** The form's values: what the person typed, numbers as text until they are sent. */
export interface ServerFormValues {
  name: string;
  location: string;
  type: string;
  ip: string;
  capacity: string;
  cpuModel: string;
  cpuCores: string;
  ramGb: string;
  storageGb: string;
  bandwidthGbps: string;
}

const FIELDS = [
  'name',
  'location',
  'type',
  'ip',
  'capacity',
  'cpuModel',
  'cpuCores',
  'ramGb',
  'storageGb',
  'bandwidthGbps',
] as const satisfies readonly (keyof ServerFormValues)[];
type FieldName = (typeof FIELDS)[number];

const EMPTY: ServerFormValues = {
  name: '',
  location: '',
  type: '',
  ip: '',
  capacity: '',
  cpuModel: '',
  cpuCores: '',
  ramGb: '',
  storageGb: '',
  bandwidthGbps: '',
};

/** A number field as the API wants it: empty is missing, anything else a number (NaN is refused like text). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

export function toServerInput(values: ServerFormValues): AdminServerInput {
  return {
    name: values.name,
    location: values.location as AdminServerInput['location'],
    type: values.type as AdminServerInput['type'],
    ip: values.ip,
    capacity: numberOf(values.capacity) as number,
    specs: {
      cpuModel: values.cpuModel,
      cpuCores: numberOf(values.cpuCores) as number,
      ramGb: numberOf(values.ramGb) as number,
      storageGb: numberOf(values.storageGb) as number,
      bandwidthGbps: numberOf(values.bandwidthGbps) as number,
    },
  };
}

export function toFormValues(server: AdminServer): ServerFormValues {
  return {
    name: server.name,
    location: server.location,
    type: server.type,
    ip: server.ip,
    capacity: String(server.capacity),
    cpuModel: server.specs.cpuModel,
    cpuCores: String(server.specs.cpuCores),
    ramGb: String(server.specs.ramGb),
    storageGb: String(server.specs.storageGb),
    bandwidthGbps: String(server.specs.bandwidthGbps),
  };
}

/** The form field an error path names: `specs.cpuCores` (API) or ['specs', 'cpuCores'] (zod) is `cpuCores`. */
export function fieldOf(path: readonly PropertyKey[] | string): FieldName | undefined {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const last = parts.at(-1);
  return FIELDS.find((name) => name === last);
}

/** The form checks what the API checks, with the shared schema; messages are keys of the common texts. */
const resolver: Resolver<ServerFormValues> = async (values) => {
  const parsed = adminServerInputSchema.safeParse(toServerInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<ServerFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (field) errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

export type ServerDialogState = { mode: 'add' } | { mode: 'edit'; server: AdminServer } | null;

/**
 * Add New Server and Edit (docs/decisions/031-server-administration.md): name, data centre, type, address,
 * capacity and specs. The shared schema checks the form before it is sent; the API's refusals (a taken name or
 * address, a capacity below the services placed) appear beside their field, and nothing typed is lost.
 */
export function ServerDialog({
  state,
  onClose,
  onDone,
}: {
  state: ServerDialogState;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const title =
    state?.mode === 'edit' ? t('servers.form.editTitle', { name: state.server.name }) : t('servers.form.addTitle');
  return (
    <Dialog open={state !== null} onClose={onClose} title={title} closeLabel={tc('actions.close')}>
      {state && (
        <ServerForm
          key={state.mode === 'edit' ? state.server.id : 'add'}
          server={state.mode === 'edit' ? state.server : null}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

function ServerForm({
  server,
  onClose,
  onDone,
}: {
  server: AdminServer | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const formId = useId();
  const add = useAddServer();
  const edit = useEditServer();
  const mutation = server ? edit : add;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ServerFormValues>({ resolver, defaultValues: server ? toFormValues(server) : EMPTY });

  const fieldErrors = fieldErrorsOf(mutation.error);
  const knownFieldError = Object.keys(fieldErrors).some((path) => fieldOf(path) !== undefined);
  const errorOf = (name: FieldName) => {
    const key = errors[name]?.message;
    return key ? tc(key) : undefined;
  };
  const number = (name: FieldName, max: number, hint?: string) => (
    <TextField
      label={t(`servers.form.${name}`)}
      inputMode="numeric"
      autoComplete="off"
      hint={hint ?? t('servers.form.numberHint', { max })}
      error={errorOf(name)}
      {...register(name)}
    />
  );
  const select = (name: 'location' | 'type', options: { value: string; label: string }[]) => (
    <Field label={t(`servers.form.${name}`)} error={errorOf(name)}>
      {(control) => (
        <select {...control} className={inputClasses(Boolean(errors[name]))} {...register(name)}>
          <option value="">{t('servers.form.choose')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <>
      {mutation.isError && !knownFieldError && (
        <Alert tone="error" title={t('servers.form.failed')} className="mb-4">
          {tc(accountErrorKey(mutation.error))}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit(async (values) => {
          const input = toServerInput(values);
          try {
            const saved = server ? await edit.mutateAsync({ id: server.id, input }) : await add.mutateAsync(input);
            onDone(t(server ? 'servers.done.saved' : 'servers.done.added', { name: saved.name }));
          } catch (error) {
            for (const [path, detail] of Object.entries(fieldErrorsOf(error))) {
              const name = fieldOf(path);
              if (name) setError(name, { message: detail.code }, { shouldFocus: true });
            }
          }
        })}
      >
        <TextField
          label={t('servers.form.name')}
          autoComplete="off"
          hint={t('servers.form.nameHint')}
          error={errorOf('name')}
          {...register('name')}
        />
        <TextField
          label={t('servers.form.ip')}
          autoComplete="off"
          spellCheck={false}
          hint={t('servers.form.ipHint')}
          error={errorOf('ip')}
          {...register('ip')}
        />
        {select(
          'location',
          DATA_CENTERS.map((center) => ({ value: center.id, label: t(`servers.locations.${center.id}`) })),
        )}
        {select(
          'type',
          SERVER_TYPES.map((type) => ({ value: type, label: t(`servers.types.${type}`) })),
        )}
        {number('capacity', SERVER_LIMITS.capacity, t('servers.form.capacityHint'))}
        <TextField
          label={t('servers.form.cpuModel')}
          autoComplete="off"
          error={errorOf('cpuModel')}
          {...register('cpuModel')}
        />
        {number('cpuCores', SERVER_LIMITS.cpuCores)}
        {number('ramGb', SERVER_LIMITS.ramGb)}
        {number('storageGb', SERVER_LIMITS.storageGb)}
        {number('bandwidthGbps', SERVER_LIMITS.bandwidthGbps)}
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={
          mutation.isPending ? t('servers.form.saving') : t(server ? 'servers.form.save' : 'servers.form.create')
        }
        pending={mutation.isPending}
      />
    </>
  );
}

/** Delete after a confirmation; a server that still runs services is refused by the API, and the dialog says why. */
export function DeleteServerDialog({
  server,
  onClose,
  onDone,
}: {
  server: AdminServer | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const remove = useDeleteServer();
  const close = () => {
    remove.reset();
    onClose();
  };
  const reason = Object.values(fieldErrorsOf(remove.error))[0]?.code;
  return (
    <Dialog
      open={server !== null}
      onClose={close}
      title={server ? t('servers.delete.title', { name: server.name }) : ''}
      closeLabel={tc('actions.close')}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {tc('actions.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() => {
              if (!server) return;
              remove.mutate(server.id, {
                onSuccess: () => {
                  remove.reset();
                  onDone(t('servers.done.deleted', { name: server.name }));
                },
              });
            }}
          >
            {remove.isPending ? t('servers.delete.deleting') : t('servers.delete.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('servers.delete.body', { count: server?.services ?? 0 })}</p>
      {remove.isError && (
        <Alert tone="error" title={t('servers.delete.failed')} className="mt-4">
          {reason ? tc(reason) : tc(accountErrorKey(remove.error))}
        </Alert>
      )}
    </Dialog>
  );
}
