/** /sys/setting/code: the files of a new provider plugin, as `atrium plugin new KIND ID` writes them. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Icon, Message, Segment } from 'semantic-ui-react';
import type { PluginKind } from '../../../../../core/plugin-sdk/index.ts';
import { saveBlob } from '../../../app/files.ts';
import { useToast } from '../../../app/hooks.ts';
import { keysOf } from '../../../components/format.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { usePluginScaffoldQuery } from '../api.ts';
import '../i18n.ts';

const KINDS = keysOf<PluginKind>({
  environment: true,
  occupancy: true,
  face: true,
  eink: true,
  access: true,
  notify: true,
  apps: true,
  calendar: true,
  switch: true,
});
/** The server's rule for a plugin id: lower-case letters, digits and dashes, 2 to 63, not "none". */
const ID = /^[a-z0-9][a-z0-9-]{1,62}$/;

export default function CodeScreen() {
  const { t } = useTranslation('sys');
  const toast = useToast();
  const [kind, setKind] = useState<PluginKind>('notify');
  const [id, setId] = useState('');
  const [query, setQuery] = useState<{ kind: string; id: string } | null>(null);
  const { data, isFetching, error } = usePluginScaffoldQuery(query ?? { kind, id }, { skip: !query });
  const files = data?.files ?? [];
  const valid = ID.test(id) && id !== 'none';
  const downloadAll = () => {
    for (const f of files) saveBlob(new Blob([f.content], { type: 'text/plain' }), f.path.replace(/\//g, '_'));
    toast('success', t('code.downloaded'));
  };
  return (
    <ScreenFrame title={t('title.code')} id="code">
      <Segment>
        <Form onSubmit={() => valid && setQuery({ kind, id })} data-testid="code-form">
          <Form.Group widths="equal">
            <Form.Field required>
              <label htmlFor="code-kind">{t('code.kind')}</label>
              <select
                id="code-kind"
                className="ui dropdown"
                value={kind}
                onChange={(e) => setKind(e.target.value as PluginKind)}
              >
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {k}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Field required error={id !== '' && !valid}>
              <label htmlFor="code-id">{t('code.id')}</label>
              <input
                id="code-id"
                value={id}
                placeholder={`${kind}-acme`}
                onChange={(e) => setId(e.target.value.trim())}
                aria-describedby="code-id-help"
              />
              <small id="code-id-help">{t('code.idHelp')}</small>
            </Form.Field>
          </Form.Group>
          <p>
            {t('code.command')}: <code data-testid="code-command">{`atrium plugin new ${kind} ${id || 'ID'}`}</code>
          </p>
          <Button type="submit" primary disabled={!valid} loading={isFetching}>
            {t('code.generate')}
          </Button>
        </Form>
      </Segment>
      {error && <Message error content={(error as { msg?: string }).msg ?? ''} />}
      {files.length > 0 && (
        <Segment>
          <Button type="button" icon labelPosition="left" onClick={downloadAll}>
            <Icon name="download" aria-hidden="true" />
            {t('code.download')}
          </Button>
          {files.map((f) => (
            <details key={f.path}>
              <summary>
                <code>{f.path}</code>
              </summary>
              <pre style={{ overflow: 'auto', maxHeight: 300 }}>{f.content}</pre>
            </details>
          ))}
        </Segment>
      )}
    </ScreenFrame>
  );
}
