/**
 * One notification template: its subject and text edited, previewed in any
 * language (the text being edited for its own language, the saved one for the
 * others) in a sandboxed frame, and saved where allowed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Header, Modal, Segment } from 'semantic-ui-react';
import { useCan, useToast } from '../../../../app/hooks.ts';
import { PressedButton } from '../../../../components/PressedButton.tsx';
import { LANG_NAMES, LANGS, type Lang } from '../../../../i18n/index.ts';
import {
  usePreviewTemplateMutation,
  useSaveTemplateMutation,
  type Rendered,
  type TemplateEvent,
  type TemplateView,
} from '../../api.ts';

const htmlLang = (l: Lang) => (l === 'cn' ? 'zh-CN' : l);

export function TemplateEditor({ template, onClose }: { template: TemplateView; onClose: () => void }) {
  const { t } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const [subject, setSubject] = useState(template.subject);
  const [content, setContent] = useState(template.content);
  const [preview, setPreview] = useState<(Rendered & { lang: Lang }) | null>(null);
  const [save, saving] = useSaveTemplateMutation();
  const [render, rendering] = usePreviewTemplateMutation();
  const renderingLang = rendering.originalArgs?.lang;
  const own = template.lang as Lang;
  const mayChange = can('notifications.editTemplates');

  const doPreview = async (lang: Lang) => {
    const res = await render({
      event: template.event as TemplateEvent,
      lang,
      ...(lang === own ? { subject, content } : {}),
    });
    if ('error' in res) toast('error', (res.error as { msg?: string }).msg ?? '');
    else setPreview({ lang, ...res.data });
  };
  const doSave = async () => {
    const res = await save({ id: template.id, body: { subject, content } });
    if ('error' in res) return toast('error', (res.error as { msg?: string }).msg ?? '');
    toast('success', t('saved'));
    onClose();
  };
  return (
    <Modal open onClose={onClose} size="large" aria-labelledby="tpl-title">
      <Modal.Header as="h2" id="tpl-title">
        {t(`event.${template.event}`, { defaultValue: template.event })} · {template.lang}
      </Modal.Header>
      <Modal.Content scrolling>
        <Form>
          <Form.Field>
            <label htmlFor="tpl-subject">{t('email.subject')}</label>
            <input id="tpl-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="tpl-content">{t('email.content')}</label>
            <textarea id="tpl-content" rows={8} value={content} onChange={(e) => setContent(e.target.value)} />
          </Form.Field>
        </Form>
        <div
          className="tpl-preview-langs"
          role="group"
          aria-label={t('email.previewIn')}
          style={{ display: 'flex', flexWrap: 'wrap', gap: '.5em', alignItems: 'center', margin: '1em 0 .5em' }}
        >
          <span>{t('email.previewIn')}:</span>
          {LANGS.map((l) => (
            <PressedButton
              key={l}
              look="basic small"
              pressed={preview?.lang === l}
              loading={rendering.isLoading && renderingLang === l}
              lang={htmlLang(l)}
              onClick={() => void doPreview(l)}
              data-testid={`tpl-preview-${l}`}
            >
              {LANG_NAMES[l]}
            </PressedButton>
          ))}
        </div>
        {preview && (
          <Segment data-testid="tpl-preview" data-lang={preview.lang} lang={htmlLang(preview.lang)}>
            <Header as="h3" size="small" data-testid="tpl-preview-subject">
              {preview.subject}
            </Header>
            {/* The server renders the template with escaped sample values; shown sandboxed. */}
            <iframe
              title={`${t('email.preview')}: ${LANG_NAMES[preview.lang]}`}
              sandbox=""
              style={{ width: '100%', minHeight: 200, border: 0 }}
              srcDoc={preview.html}
            />
            <details>
              <summary>{t('email.plainText')}</summary>
              <pre style={{ whiteSpace: 'pre-wrap' }} data-testid="tpl-preview-text">
                {preview.text}
              </pre>
            </details>
          </Segment>
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          type="button"
          basic
          loading={rendering.isLoading}
          onClick={() => void doPreview(own)}
          data-testid="tpl-preview-own"
        >
          {t('email.preview')}
        </Button>
        {mayChange && (
          <Button type="button" primary loading={saving.isLoading} onClick={() => void doSave()}>
            {t('save')}
          </Button>
        )}
      </Modal.Actions>
    </Modal>
  );
}
