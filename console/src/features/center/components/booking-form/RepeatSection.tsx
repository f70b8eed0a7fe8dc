/** Repeating the booking: the recurrence, the server's preview of its dates and the choice to skip conflicts. */
import { useTranslation } from 'react-i18next';
import { Button, Form, List, Message } from 'semantic-ui-react';
import { RecurrenceEditor } from '../RecurrenceEditor.tsx';
import { conflictsOf } from './draft.ts';
import type { SectionProps } from './section.ts';

interface Props extends SectionProps {
  previewing: boolean;
  onPreview: () => void;
}

export function RepeatSection({ draft, dispatch, errors, previewing, onPreview }: Props) {
  const { t } = useTranslation('center');
  const { preview } = draft;
  const conflicts = conflictsOf(draft);
  return (
    <>
      <Form.Field>
        <div className="ui checkbox">
          <input
            id="bk-repeat"
            type="checkbox"
            checked={draft.repeat}
            onChange={(e) => dispatch({ type: 'repeat', on: e.target.checked })}
          />
          <label htmlFor="bk-repeat">{t('rec.repeat')}</label>
        </div>
      </Form.Field>
      {draft.repeat && (
        <>
          <RecurrenceEditor
            value={draft.recurrence}
            onChange={(recurrence) => dispatch({ type: 'recurrence', recurrence })}
          />
          {errors.recurrence && <Message negative size="small" content={errors.recurrence} />}
          <Button type="button" basic loading={previewing} onClick={onPreview} data-testid="rec-preview">
            {t('rec.preview')}
          </Button>
          {preview && (
            <div className="rec-preview" data-testid="rec-preview-list">
              <p>{t('rec.previewSummary', { total: preview.length, conflicts: conflicts.length })}</p>
              <List divided relaxed>
                {preview.map((o) => (
                  <List.Item
                    key={o.date}
                    className={o.ok ? 'occ-ok' : 'occ-conflict'}
                    data-date={o.date}
                    data-ok={o.ok}
                  >
                    <List.Icon
                      name={o.ok ? 'check' : 'warning sign'}
                      color={o.ok ? 'green' : 'red'}
                      aria-hidden="true"
                    />
                    <List.Content>
                      {o.date} {o.ok ? t('rec.ok') : t('rec.conflict')}
                      {o.failures.map((f) => (
                        <div key={f.key} className="occ-reason">
                          {f.msg}
                        </div>
                      ))}
                    </List.Content>
                  </List.Item>
                ))}
              </List>
              {conflicts.length > 0 && (
                <div className="ui checkbox">
                  <input
                    id="bk-skip"
                    type="checkbox"
                    checked={draft.skip}
                    onChange={(e) => dispatch({ type: 'skip', on: e.target.checked })}
                  />
                  <label htmlFor="bk-skip">{t('rec.skip', { count: conflicts.length })}</label>
                </div>
              )}
              {errors.skip && <Message negative size="small" content={errors.skip} />}
            </div>
          )}
        </>
      )}
    </>
  );
}
