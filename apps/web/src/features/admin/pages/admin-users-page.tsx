import { usersAdminRoutes } from '@hostpilot/shared';
import { Pause, Pencil, Play, Trash2, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ROLES, type RoleName } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone } from '@/lib/status';
import { USER_LIST } from '../api/queries';
import { useUserAction } from '../api/use-admin-actions';
import { usePermissions } from '../api/use-permissions';
import { useAdminUsers } from '../api/use-admin-data';
import type { AdminUser } from '../api/types';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { ReasonDialog } from '../components/reason-dialog';
import { BulkBar, selectionColumn, useRowSelection } from '../components/bulk-actions';
import { MenuButton, type MenuItem } from '@/components/ui/menu';
import { CreditDialog, DeleteUserDialog, UserEditDialog } from '../components/user-dialogs';
import { useSession } from '@/lib/session';
import { statusToggle } from '../lib/row-actions';
import { statusLabel } from '../lib/status-label';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { useListControls, useTableControls } from '../lib/use-table-controls';

const userId = (user: AdminUser) => user.id;

const ROLE_BY_NUMBER = new Map<number, RoleName>(Object.entries(ROLES).map(([name, role]) => [role, name as RoleName]));
/** The label key of a role number (packages/shared/src/roles.ts); a number no role has reads as "other". */
const roleKey = (role: number) => `users.roles.${ROLE_BY_NUMBER.get(role) ?? 'other'}`;

/**
 * Suspend (a reason required: the account's sessions end) or activate (a reason optional), confirmed first; the
 * reason goes to the API and into the audit entry (docs/decisions/048-operator-journeys.md).
 */
function StatusDialog({
  kind,
  user,
  onClose,
  onDone,
}: {
  kind: 'suspend' | 'activate';
  user: AdminUser;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const action = useUserAction();
  const texts = `users.${kind}Dialog`;
  return (
    <ReasonDialog
      optional={kind === 'activate'}
      submitVariant={kind === 'suspend' ? 'danger' : 'primary'}
      title={t(`${texts}.title`, { name: user.name })}
      body={t(`${texts}.body`)}
      label={t(`${texts}.reason`)}
      hint={t(`${texts}.hint`)}
      submitLabel={t(`${texts}.submit`)}
      pending={action.isPending}
      send={async (reason) => {
        await action.mutateAsync(
          kind === 'suspend' ? { kind, id: user.id, reason } : { kind, id: user.id, reason: reason || undefined },
        );
        return t(`users.done.${kind}`, { name: user.name });
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(USER_LIST);
  const query = useAdminUsers(list.params);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const { can } = usePermissions();
  const [dialog, setDialog] = useState<{
    kind: 'edit' | 'delete' | 'credit' | 'suspend' | 'activate';
    user: AdminUser;
  } | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const canWrite = can('users.write');
  // The server refuses suspending or deleting one's own account (409 OWN_ACCOUNT); the row does not offer it.
  const myId = useSession().user?.id;
  const canCredit = can('billing.write');
  const rows = query.data?.items;
  const selection = useRowSelection(rows, userId);

  const columns = useMemo<Column<AdminUser>[]>(() => {
    const open = (kind: NonNullable<typeof dialog>['kind'], user: AdminUser) => {
      setOutcome(null);
      setDialog({ kind, user });
    };
    return [
      ...(canWrite
        ? [
            selectionColumn(
              selection,
              userId,
              (user: AdminUser) => t('bulk.selectRow', { name: user.name }),
              t('bulk.selectAll'),
            ),
          ]
        : []),
      {
        key: 'user',
        header: t('users.columns.user'),
        rowHeader: true,
        cell: (user) => (
          <div className="flex items-center gap-3 md:min-w-48">
            <span
              aria-hidden="true"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700"
            >
              {user.name.charAt(0)}
            </span>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{user.name}</p>
              <p className="text-slate-600">{user.email}</p>
            </div>
          </div>
        ),
      },
      {
        key: 'role',
        header: t('users.columns.role'),
        cell: (user) => (
          <StatusBadge tone={user.role === 0 ? 'neutral' : 'info'} label={t(roleKey(user.role), { role: user.role })} />
        ),
      },
      {
        key: 'status',
        header: t('users.columns.status'),
        cell: (user) => <StatusBadge tone={statusTone(user.status)} label={statusLabel(t, user.status)} />,
      },
      {
        key: 'services',
        header: t('users.columns.services'),
        cell: (user) => (
          <div className="whitespace-nowrap text-slate-700">
            <p>{t('users.hostingCount', { count: user.services.hosting })}</p>
            <p>{t('users.domainCount', { count: user.services.domains })}</p>
          </div>
        ),
      },
      {
        key: 'lastLogin',
        header: t('users.columns.lastLogin'),
        cell: (user) =>
          user.lastLoginAt === null ? (
            <span className="text-slate-500">{t('users.neverSignedIn')}</span>
          ) : (
            <time
              dateTime={new Date(user.lastLoginAt).toISOString()}
              title={format.dateTime(user.lastLoginAt)}
              className="block whitespace-nowrap text-slate-700"
            >
              <span className="block">{format.relative(user.lastLoginAt)}</span>
              <span className="block text-slate-500">{format.date(user.lastLoginAt)}</span>
            </time>
          ),
      },
      ...(canWrite || canCredit
        ? [
            {
              key: 'actions',
              header: t('list.actions'),
              cell: (user: AdminUser) => {
                const toggle = statusToggle(user.status);
                // Edit stays in sight; the rest is in the row's menu, Delete apart in red (decision 048).
                const others = user.id !== myId;
                const items: MenuItem[] = [
                  ...(canWrite && others
                    ? [
                        {
                          key: toggle,
                          label: t(`actions.${toggle}`),
                          icon: toggle === 'suspend' ? Pause : Play,
                          onSelect: () => open(toggle, user),
                        },
                      ]
                    : []),
                  ...(canCredit
                    ? [
                        {
                          key: 'credit',
                          label: t('actions.credit'),
                          icon: Wallet,
                          onSelect: () => open('credit', user),
                        },
                      ]
                    : []),
                ];
                const danger: MenuItem[] =
                  canWrite && others
                    ? [
                        {
                          key: 'delete',
                          label: t('actions.delete'),
                          icon: Trash2,
                          onSelect: () => open('delete', user),
                        },
                      ]
                    : [];
                return (
                  <div className="flex flex-wrap gap-2">
                    {canWrite && (
                      <RowAction
                        icon={Pencil}
                        label={t('actions.edit')}
                        subject={user.name}
                        onClick={() => open('edit', user)}
                      />
                    )}
                    {items.length + danger.length > 0 && (
                      <MenuButton
                        label={t('actions.menu')}
                        accessibleLabel={t('actions.menuFor', { subject: user.name })}
                        items={items}
                        danger={danger}
                      />
                    )}
                  </div>
                );
              },
            },
          ]
        : []),
    ];
  }, [t, format, canWrite, canCredit, myId, selection]);
  const closeDialog = () => setDialog(null);
  const done = (text: string) => {
    setDialog(null);
    setOutcome({ tone: 'success', text });
  };

  return (
    <>
      <PageHeader title={t('users.heading')} description={t('users.intro')} />
      <div aria-live="polite">
        {outcome && (
          <Alert tone={outcome.tone} className="mb-4">
            {outcome.text}
          </Alert>
        )}
      </div>
      {canWrite && (
        <BulkBar
          list="users"
          selection={selection}
          nameOf={(id) => rows?.find((user) => user.id === id)?.name ?? id}
          choices={(['suspend', 'activate'] as const).map((action) => ({
            action,
            label: t(`actions.${action}`),
            danger: action === 'suspend',
            optional: action === 'activate',
            title: t(`users.bulk.${action}Title`, { count: selection.selected.length }),
            body: t(`users.bulk.${action}Body`),
            reasonLabel: t(`users.${action}Dialog.reason`),
          }))}
        />
      )}
      <AdminList
        caption={t('users.caption')}
        items={t('users.items')}
        searchLabel={t('users.searchLabel')}
        placeholder={t('users.searchPlaceholder')}
        columns={columns}
        rowKey={(user) => user.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'status',
            label: t('users.columns.status'),
            values: USER_LIST.filters.status.map((value) => ({ value, label: statusLabel(t, value) })),
          },
          {
            name: 'role',
            label: t('users.columns.role'),
            values: USER_LIST.filters.role.map((value) => ({ value, label: t(`users.roles.${value}`) })),
          },
        ]}
        dates={[
          { name: 'registeredFrom', label: t('users.registeredFrom') },
          { name: 'registeredTo', label: t('users.registeredTo') },
        ]}
        sorts={[
          { value: 'createdAt', label: t('users.sort.createdAt') },
          { value: 'lastSignInAt', label: t('users.columns.lastLogin') },
          { value: 'name', label: t('users.sort.name') },
          { value: 'email', label: t('users.sort.email') },
        ]}
        onNotice={show}
        exportRoute={usersAdminRoutes.getAdminUsersExport}
      />
      <NoticeDialog notice={notice} onClose={close} />
      {dialog?.kind === 'edit' && <UserEditDialog user={dialog.user} onClose={closeDialog} onDone={done} />}
      {dialog?.kind === 'delete' && <DeleteUserDialog user={dialog.user} onClose={closeDialog} onDone={done} />}
      {dialog?.kind === 'credit' && <CreditDialog user={dialog.user} onClose={closeDialog} onDone={done} />}
      {(dialog?.kind === 'suspend' || dialog?.kind === 'activate') && (
        <StatusDialog kind={dialog.kind} user={dialog.user} onClose={closeDialog} onDone={done} />
      )}
    </>
  );
}
