import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'semantic-ui-react';

interface Notice {
  title: string;
  content: string;
}

function takeNotices(): Notice[] {
  try {
    const raw = sessionStorage.getItem('notify');
    sessionStorage.removeItem('notify');
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? (parsed as Notice[]).filter((n) => n && (n.title || n.content)) : [];
  } catch {
    return [];
  }
}

/** The notices the login answer carried, shown once after signing in. */
export function NoticeModal() {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notice[]>(takeNotices);
  if (notices.length === 0) return null;
  return (
    <Modal open size="small" onClose={() => setNotices([])} aria-labelledby="notice-title">
      <Modal.Header id="notice-title">{t('layout.notices')}</Modal.Header>
      <Modal.Content scrolling>
        {notices.map((n, i) => (
          <section key={i} className="notice">
            <h3>{n.title}</h3>
            <p>{n.content}</p>
          </section>
        ))}
      </Modal.Content>
      <Modal.Actions>
        <Button primary onClick={() => setNotices([])}>
          {t('common.ok')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
