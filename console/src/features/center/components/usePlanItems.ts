import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanItem } from '../../../components/floorplan/index.ts';
import type { ResourceView } from '../../../../../core/modules/resources/schema.ts';
import type { Grid } from '../api.ts';
import { stateOver } from './plan-range.ts';
import type { PlanRange } from './PlanRangeFields.tsx';
import '../i18n.ts';

interface Options {
  grid?: Grid;
  placed?: Array<Pick<ResourceView, 'id' | 'position'>>;
  width: number;
  height: number;
  range: PlanRange;
  badRange: boolean;
  mayBook: boolean;
}

/**
 * The places of the floor as the plan draws them: where they were placed (in a grid when they were not), coloured
 * by their state over the range, pickable when free and the user may book, labelled with name and capacity.
 */
export function usePlanItems({ grid, placed, width, height, range, badRange, mayBook }: Options): PlanItem[] {
  const { t } = useTranslation('center');
  return useMemo<PlanItem[]>(() => {
    const resources = grid?.resources ?? [];
    const pos = new Map((placed ?? []).filter((p) => p.position).map((p) => [p.id, p.position!]));
    const cols = Math.max(1, Math.ceil(Math.sqrt(resources.length * (width / height))));
    const gap = Math.min(width / (cols + 1), 80);
    return resources.map((r, i) => {
      const p = r.position ?? pos.get(r.id) ?? { x: gap * (1 + (i % cols)), y: gap * (1 + Math.floor(i / cols)) };
      const state = badRange ? 'unavailable' : stateOver(r, range.start, range.end);
      const stateText = t(`state.${state}`);
      const kind = r.type === 1 ? t('plan.desk') : t('plan.room');
      return {
        id: r.id,
        name: r.name,
        type: r.type,
        x: p.x,
        y: p.y,
        state,
        pickable: mayBook && state === 'free',
        label: `${r.name} ${range.start}–${range.end} ${stateText}`,
        caption: r.type === 1 ? r.name : `${r.name} · ${r.capacity}`,
        detail: `${kind} ${r.name} · ${t('filters.capacity')} ${r.capacity} · ${stateText}`,
      };
    });
  }, [grid, placed, width, height, range, badRange, mayBook, t]);
}
