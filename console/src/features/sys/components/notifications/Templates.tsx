/** The notification templates, one per event and language, filtered by event; each opens in the editor. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../app/hooks.ts';
import { CrudScreen, RowButton, type Collection } from '../../../../components/crud/index.ts';
import { useTemplateListQuery, type TemplateView } from '../../api.ts';
import { EVENTS } from './events.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

const templates: Collection<TemplateView, { page?: number; pageSize?: number; event?: string }> = {
  list: useTemplateListQuery,
};

export function Templates() {
  const { t } = useTranslation('sys');
  const can = useCan();
  const [event, setEvent] = useState('');
  const [editing, setEditing] = useState<TemplateView | null>(null);
  const eventName = (e: string) => t(`event.${e}`, { defaultValue: e });
  return (
    <>
      <CrudScreen
        embedded
        name="templates"
        title={t('email.templates')}
        perm="sys:email"
        source={templates}
        query={event ? { event } : {}}
        search={false}
        pageSize={30}
        nameOf={(r) => `${r.event} ${r.lang}`}
        toolbar={
          <>
            <label htmlFor="tpl-event">{t('email.event')}</label>
            <select id="tpl-event" className="ui dropdown" value={event} onChange={(e) => setEvent(e.target.value)}>
              <option value="">{t('all')}</option>
              {EVENTS.map((e) => (
                <option key={e} value={e}>
                  {eventName(e)}
                </option>
              ))}
            </select>
          </>
        }
        columns={[
          { key: 'event', header: t('email.event'), render: (r) => eventName(r.event) },
          { key: 'lang', header: t('email.lang'), render: (r) => r.lang },
          { key: 'subject', header: t('email.subject'), render: (r) => r.subject },
        ]}
        rowActions={(r) => (
          <RowButton
            icon={can('notifications.editTemplates') ? 'edit' : 'eye'}
            label={`${t('edit')} ${r.event} ${r.lang}`}
            onClick={() => setEditing(r)}
          />
        )}
      />
      {editing && <TemplateEditor key={editing.id} template={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
