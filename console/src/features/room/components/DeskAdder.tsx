/** The floor plan's "add many desks" controls: a name prefix, a desk in the centre, save or cancel. */
import { useTranslation } from 'react-i18next';
import { Button, Form } from 'semantic-ui-react';

export interface NewDesk {
  name: string;
  x: number;
  y: number;
}

export function DeskAdder(p: {
  adding: boolean;
  count: number;
  prefix: string;
  busy: boolean;
  onStart: () => void;
  onPrefix: (prefix: string) => void;
  onCentre: () => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('room');
  return (
    <>
      <div style={{ display: 'flex', gap: '0.5em', flexWrap: 'wrap', alignItems: 'flex-end', marginBottom: '0.5em' }}>
        {!p.adding ? (
          <Button
            type="button"
            icon="plus"
            content={t('plan.addDesks')}
            onClick={p.onStart}
            data-testid="plan-add-desks"
          />
        ) : (
          <>
            <Form.Input
              id="plan-prefix"
              label={t('plan.prefix')}
              value={p.prefix}
              onChange={(_, d) => p.onPrefix(d.value)}
              size="small"
            />
            <Button type="button" icon="crosshairs" content={t('plan.addCentre')} onClick={p.onCentre} />
            <Button
              type="button"
              primary
              icon="save"
              disabled={!p.count || p.busy}
              loading={p.busy}
              content={t('plan.saveDesks', { n: p.count })}
              onClick={p.onSave}
              data-testid="plan-save-desks"
            />
            <Button type="button" content={t('cancelAdding')} onClick={p.onCancel} />
          </>
        )}
      </div>
      {p.adding && (
        <p className="muted" role="status">
          {t('plan.clickHint')}
        </p>
      )}
    </>
  );
}
