/** /sys/email: the notification centre (custom notifications on a date) and the notification templates. */
import { useTranslation } from 'react-i18next';
import { Tab } from 'semantic-ui-react';
import { CrudScreen } from '../../../components/crud/index.ts';
import { formatTime } from '../../../components/format.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { customNotifications } from '../api.ts';
import { Templates } from '../components/notifications/Templates.tsx';
import '../i18n.ts';

function CustomNotifications() {
  const { t, i18n } = useTranslation('sys');
  const text = (v: unknown) => String(v ?? '').trim() || null;
  return (
    <CrudScreen
      embedded
      name="notifications"
      title={t('email.centre')}
      perm="sys:email"
      source={customNotifications}
      nameOf={(r) => r.name}
      columns={[
        { key: 'name', header: t('email.name'), render: (r) => r.name },
        { key: 'recipient', header: t('email.recipient'), render: (r) => r.recipient },
        { key: 'date', header: t('email.date'), render: (r) => r.date },
        { key: 'title', header: t('email.subject'), render: (r) => r.title ?? '' },
        { key: 'updated', header: t('modified'), render: (r) => formatTime(r.createdAt, i18n.language) },
      ]}
      // The server's CustomInput: a name, a recipient and a date are required.
      fields={[
        { name: 'name', label: t('email.name'), required: true, maxLength: 100 },
        { name: 'recipient', label: t('email.recipient'), required: true, maxLength: 300 },
        { name: 'date', label: t('email.date'), type: 'date', required: true },
        { name: 'title', label: t('email.subject'), maxLength: 100 },
        { name: 'content', label: t('email.content'), type: 'textarea', maxLength: 5000 },
      ]}
      toForm={(r) => ({ ...r })}
      toBody={(v) => ({
        name: String(v.name),
        recipient: String(v.recipient),
        date: String(v.date),
        title: text(v.title),
        content: text(v.content),
      })}
    />
  );
}

export default function EmailScreen() {
  const { t } = useTranslation('sys');
  const panes = [
    {
      menuItem: t('email.centre'),
      render: () => (
        <Tab.Pane>
          <CustomNotifications />
        </Tab.Pane>
      ),
    },
    {
      menuItem: t('email.templates'),
      render: () => (
        <Tab.Pane>
          <Templates />
        </Tab.Pane>
      ),
    },
  ];
  return (
    <ScreenFrame title={t('title.email')} id="email">
      <Tab panes={panes} />
    </ScreenFrame>
  );
}
