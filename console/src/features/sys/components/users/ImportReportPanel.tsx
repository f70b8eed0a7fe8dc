/** The outcome of a user import: how many came in, and each refused row with its field and reason. */
import { useTranslation } from 'react-i18next';
import { Button, Message, Segment, Table } from 'semantic-ui-react';
import type { ImportReport } from '../../api.ts';

export function ImportReportPanel({ report, onClose }: { report: ImportReport; onClose: () => void }) {
  const { t } = useTranslation('sys');
  return (
    <Segment data-testid="import-report">
      <Message
        positive={report.failed.length === 0}
        warning={report.failed.length > 0}
        header={t('user.importResult', { imported: report.imported, failed: report.failed.length })}
      />
      {report.failed.length > 0 && (
        <Table compact celled aria-label={t('user.importErrors')}>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell scope="col">{t('user.row')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('user.field')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('user.error')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {report.failed.map((f, i) => (
              <Table.Row key={i} data-testid="import-error">
                <Table.Cell>{f.row}</Table.Cell>
                <Table.Cell>{f.field}</Table.Cell>
                <Table.Cell>{f.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      <Button type="button" size="small" onClick={onClose}>
        {t('close')}
      </Button>
    </Segment>
  );
}
