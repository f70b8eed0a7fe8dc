/**
 * /sys/face (docs/product-rules.md R20.7): people with their face consent, images and enrolment state at the face
 * terminals, searched and paged; a person's row opens their consent and images to manage (sys:face:save). The
 * face provider itself is chosen on /inte/fr.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Input, Modal, Table } from 'semantic-ui-react';
import { useCan } from '../../../app/hooks.ts';
import { Loading } from '../../../components/Loading.tsx';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import {
  useDeleteImageOfMutation,
  useFaceUserQuery,
  useFaceUsersQuery,
  useGiveConsentForMutation,
  useWithdrawConsentForMutation,
  type FaceUser,
} from '../api.ts';
import { EnrolmentLabel, FacePanel } from '../components/FacePanel.tsx';
import '../i18n.ts';

const PAGE_SIZE = 20;

function PersonModal({ user, onClose }: { user: FaceUser; onClose: () => void }) {
  const { t } = useTranslation('face');
  const { data } = useFaceUserQuery(user.userId);
  const [consent] = useGiveConsentForMutation();
  const [withdraw] = useWithdrawConsentForMutation();
  const [remove] = useDeleteImageOfMutation();
  return (
    <Modal open size="small" onClose={onClose} aria-labelledby="face-person-title" data-testid="face-person">
      <Modal.Header as="h2" id="face-person-title">
        {t('manage', { name: user.realName || user.username })}
      </Modal.Header>
      <Modal.Content scrolling>
        {data ? (
          <FacePanel
            state={data}
            forSomeoneElse
            uploadPath={`/sys/face/users/${user.userId}/images`}
            imagePath="/sys/face/images"
            onConsent={() => consent(user.userId)}
            onWithdraw={() => withdraw(user.userId)}
            onDeleteImage={(imageId) => remove({ userId: user.userId, imageId })}
          />
        ) : (
          <Loading />
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {t('close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}

export default function FaceScreen() {
  const { t } = useTranslation('face');
  const can = useCan();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<FaceUser | null>(null);
  const { data, isFetching } = useFaceUsersQuery({ page, pageSize: PAGE_SIZE, ...(q.trim() ? { q: q.trim() } : {}) });
  const items = data?.items ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <ScreenFrame title={t('title')} id="face">
      <Input
        icon="search"
        placeholder={t('search')}
        aria-label={t('search')}
        value={q}
        onChange={(_, d) => {
          setQ(String(d.value));
          setPage(1);
        }}
        data-testid="face-search"
      />
      {!data ? (
        <Loading />
      ) : items.length === 0 ? (
        <p data-testid="face-empty">{t('noPeople')}</p>
      ) : (
        <Table compact celled aria-label={t('title')} aria-busy={isFetching} data-testid="face-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell scope="col">{t('username')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('realName')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('consent')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('imagesColumn')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('enrolment')}</Table.HeaderCell>
              <Table.HeaderCell scope="col" />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((u) => (
              <Table.Row key={u.userId} data-testid="face-row" data-id={u.userId} data-user={u.username}>
                <Table.Cell>{u.username}</Table.Cell>
                <Table.Cell>{u.realName}</Table.Cell>
                <Table.Cell>{u.consent ? t('yes') : t('no')}</Table.Cell>
                <Table.Cell>{u.imageCount}</Table.Cell>
                <Table.Cell>
                  <EnrolmentLabel state={u.enrolment} />
                </Table.Cell>
                <Table.Cell collapsing>
                  {can('sys:face:save') && (
                    <Button
                      type="button"
                      size="mini"
                      basic
                      icon
                      aria-label={t('manage', { name: u.username })}
                      onClick={() => setOpen(u)}
                    >
                      <Icon name="edit outline" aria-hidden="true" />
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {pages > 1 && (
        <p>
          <Button type="button" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>{' '}
          {page} / {pages}{' '}
          <Button type="button" size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </p>
      )}
      {open && <PersonModal user={open} onClose={() => setOpen(null)} />}
    </ScreenFrame>
  );
}
