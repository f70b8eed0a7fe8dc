import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import { STATE_GLYPHS } from '../../../components/floorplan/places-layer.ts';
import { LEGEND_STATES } from '../../../components/timegrid/index.ts';
import { timeOptions } from './dates.ts';
import '../i18n.ts';

const TIMES = timeOptions(15);

export interface PlanRange {
  start: string;
  end: string;
}

/** From and To of Book by floor plan, in quarter hours; To is marked when it is not after From. */
export function PlanRangeFields(props: { range: PlanRange; bad: boolean; onChange: (range: PlanRange) => void }) {
  const { t } = useTranslation('center');
  const { range, onChange } = props;
  const select = (id: string, key: keyof PlanRange) => (
    <select id={id} value={range[key]} onChange={(e) => onChange({ ...range, [key]: e.target.value })}>
      {TIMES.map((x) => (
        <option key={x}>{x}</option>
      ))}
    </select>
  );
  return (
    <>
      <Form.Field>
        <label htmlFor="p-start">{t('search.start')}</label>
        {select('p-start', 'start')}
      </Form.Field>
      <Form.Field error={props.bad}>
        <label htmlFor="p-end">{t('search.end')}</label>
        {select('p-end', 'end')}
      </Form.Field>
    </>
  );
}

/** The grid's states less those of a selection on the grid (a place is picked on the plan, not a range of cells). */
const LEGEND = LEGEND_STATES.filter((s) => s !== 'selected' && s !== 'conflict');

/** What each colour and glyph of the plan means: each swatch is drawn as the places are (floorplan.css). */
export function PlanLegend() {
  const { t } = useTranslation('center');
  return (
    <ul className="fp-legend" aria-label={t('legend.title')}>
      {LEGEND.map((s) => (
        <li key={s}>
          <span className={`fp-swatch fp-${s}`} aria-hidden="true">
            {STATE_GLYPHS[s]}
          </span>
          {t(`state.${s}`)}
        </li>
      ))}
    </ul>
  );
}
