/** /sys/admin: users, with their roles and status; import, export, password reset and credit. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/hooks.ts';
import { useAppSelector } from '../../../app/store.ts';
import { CrudScreen, RowButton } from '../../../components/crud/index.ts';
import { formatTime } from '../../../components/format.ts';
import { useSetUserStatusMutation, users, type ImportReport, type UserView } from '../api.ts';
import { ReleaseNotice } from '../components/ReleaseNotice.tsx';
import { ImportReportPanel } from '../components/users/ImportReportPanel.tsx';
import { RechargeModal } from '../components/users/RechargeModal.tsx';
import { ResetPasswordModal } from '../components/users/ResetPasswordModal.tsx';
import { userBody, userFields, userToForm } from '../components/users/userForm.tsx';
import { userFilter, UsersToolbar } from '../components/users/UsersToolbar.tsx';
import '../i18n.ts';

export default function AdminScreen() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const me = useAppSelector((s) => s.session.username);
  const [status, setStatus] = useState('');
  const [recharging, setRecharging] = useState<UserView | null>(null);
  const [resetting, setResetting] = useState<UserView | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [setUserStatus] = useSetUserStatusMutation();
  const state = (u: UserView) =>
    u.awaitingApproval ? t('user.awaitingApproval') : u.status === 1 ? t('user.normal') : t('user.disabled');
  return (
    <>
      <ReleaseNotice />
      <CrudScreen
        name="users"
        title={t('title.admin')}
        perm="sys:admin"
        source={users}
        query={userFilter(status)}
        nameOf={(u) => u.username}
        canDelete={(u) => u.username !== me}
        fields={userFields(t)}
        toForm={userToForm}
        toBody={userBody}
        formSize="small"
        toolbar={<UsersToolbar status={status} onStatus={setStatus} onImported={setReport} />}
        columns={[
          { key: 'username', header: t('user.username'), render: (u) => u.username },
          { key: 'realName', header: t('user.realName'), render: (u) => u.realName },
          { key: 'employeeNo', header: t('user.employeeNo'), render: (u) => u.employeeNo },
          { key: 'department', header: t('user.department'), render: (u) => u.department ?? '' },
          { key: 'roles', header: t('user.roles'), render: (u) => u.roles.map((r) => r.name).join(', ') },
          { key: 'status', header: t('user.status'), render: state },
          { key: 'credit', header: t('user.balance'), render: (u) => (u.creditBalance / 100).toFixed(2) },
          { key: 'lastLoginAt', header: t('user.lastLogin'), render: (u) => formatTime(u.lastLoginAt, i18n.language) },
        ]}
        rowActions={(u) => (
          <>
            {can('sys:admin:update') && u.username !== me && (
              <RowButton
                icon={u.awaitingApproval ? 'check' : u.status === 1 ? 'lock' : 'unlock'}
                label={`${u.awaitingApproval ? t('user.approve') : u.status === 1 ? t('user.disable') : t('user.enable')} ${u.username}`}
                onClick={() => void setUserStatus({ id: u.id, status: u.status === 1 ? 0 : 1 })}
              />
            )}
            {can('sys:admin:update') && (
              <RowButton
                icon="key"
                label={`${t('user.resetPassword')} ${u.username}`}
                onClick={() => setResetting(u)}
              />
            )}
            {can('sys:admin:recharge') && (
              <RowButton
                icon="yen sign"
                label={`${t('user.recharge')} ${u.username}`}
                onClick={() => setRecharging(u)}
              />
            )}
          </>
        )}
      >
        {report && <ImportReportPanel report={report} onClose={() => setReport(null)} />}
      </CrudScreen>
      {recharging && <RechargeModal user={recharging} onClose={() => setRecharging(null)} />}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}
