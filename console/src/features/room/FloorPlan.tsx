/**
 * A floor's plan drawn with d3 in SVG: the plan picture with the floor's rooms
 * and desks at their positions. Drag a resource (or focus it and use the arrow
 * keys) to move it; in "add desks" mode each click on the plan places a new
 * desk, saved together with POST /room/floors/:id/desks.
 */
import { drag, select } from 'd3';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Message, Segment } from 'semantic-ui-react';
import {
  resourcesApi,
  useOptions,
  useRoomPostMutation,
  useRoomSaveMutation,
  type Floor,
  type Resource,
} from './api.ts';
import { useAuthedUrl, useCan, useToast } from './common.tsx';
import { bodyOf, draftOf } from './ResourceForm.tsx';
import { useAppDispatch } from '../../app/store.ts';

interface Marker {
  key: string;
  id: number | null;
  name: string;
  type: number;
  x: number;
  y: number;
  pending: boolean;
}
const DEFAULT_SIZE = { width: 1000, height: 700 };
const STEP = 10;

export function FloorPlan({ floor }: { floor: Floor }) {
  const { t } = useTranslation('room');
  const can = useCan();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const svgRef = useRef<SVGSVGElement>(null);
  const plan = useAuthedUrl(floor.planUploadId ? `/room/floors/${floor.id}/plan` : null, { v: floor.planUploadId });
  const [size, setSize] = useState(DEFAULT_SIZE);
  const { data: resources } = useOptions<Resource>('/room/resources', { floorId: floor.id });
  const [moved, setMoved] = useState<Record<number, { x: number; y: number }>>({});
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Array<{ name: string; x: number; y: number }>>([]);
  const [prefix, setPrefix] = useState(`${floor.displayName}-D`);
  const [saveResource] = useRoomSaveMutation();
  const [postDesks, posting] = useRoomPostMutation();
  const canMove = can('room:room:update') || can('room:desk:update');
  const canAddDesks = can('room:desk:add');

  useEffect(() => {
    if (!plan) return setSize(DEFAULT_SIZE);
    const img = new Image();
    img.onload = () =>
      setSize({ width: img.naturalWidth || DEFAULT_SIZE.width, height: img.naturalHeight || DEFAULT_SIZE.height });
    img.src = plan;
  }, [plan]);

  const markers = useMemo<Marker[]>(() => {
    const placed = (resources?.items ?? []).map((r, i) => {
      const p = moved[r.id] ?? r.position ?? { x: 60 + (i % 8) * 100, y: 40 + Math.floor(i / 8) * 50 };
      return { key: `r${r.id}`, id: r.id, name: r.name, type: r.type, x: p.x, y: p.y, pending: false };
    });
    return [
      ...placed,
      ...pending.map((p, i) => ({ key: `n${i}`, id: null, name: p.name, type: 1, x: p.x, y: p.y, pending: true })),
    ];
  }, [resources, moved, pending]);

  /** PUT the resource with its new position. */
  const savePosition = async (id: number, x: number, y: number) => {
    const full = await dispatch(
      resourcesApi.endpoints.roomGet.initiate(`/room/resources/${id}`, { forceRefetch: true, subscribe: false }),
    );
    if (!full.data) return;
    const body = bodyOf({ ...draftOf(full.data as Resource), position: { x: Math.round(x), y: Math.round(y) } });
    const r = await saveResource({ path: '/room/resources', id, body });
    if (!('error' in r)) toast('success', t('plan.moved', { name: (full.data as Resource).name }));
  };

  const nextName = (n: number) => `${prefix}${String(n).padStart(2, '0')}`;

  useEffect(() => {
    const svg = select(svgRef.current);
    if (!svgRef.current) return;
    svg
      .select('image.plan')
      .attr('href', plan ?? null)
      .attr('width', size.width)
      .attr('height', size.height);
    const layer = svg.select<SVGGElement>('g.markers');
    const groups = layer
      .selectAll<SVGGElement, Marker>('g.marker')
      .data(markers, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'marker').attr('tabindex', 0).attr('role', 'img');
        g.append('rect');
        g.append('text')
          .attr('text-anchor', 'middle')
          .attr('dy', '0.35em')
          .attr('font-size', 14)
          .attr('pointer-events', 'none');
        return g;
      });
    groups
      .attr('transform', (d) => `translate(${d.x},${d.y})`)
      .attr('data-id', (d) => d.id ?? '')
      .attr('data-name', (d) => d.name)
      .attr('class', (d) => `marker ${d.pending ? 'pending' : d.type === 1 ? 'desk' : 'room'}`)
      .attr('role', (d) => (canMove && !d.pending ? 'button' : 'img'))
      .attr(
        'aria-label',
        (d) =>
          `${d.name} (${Math.round(d.x)}, ${Math.round(d.y)})${canMove && !d.pending ? `. ${t('plan.keys')}` : ''}`,
      )
      .style('cursor', canMove ? 'move' : 'default');
    groups
      .select('rect')
      .attr('x', (d) => (d.type === 1 ? -22 : -40))
      .attr('y', -14)
      .attr('width', (d) => (d.type === 1 ? 44 : 80))
      .attr('height', 28)
      .attr('rx', (d) => (d.type === 1 ? 14 : 4))
      .attr('fill', (d) => (d.pending ? '#fff3cd' : d.type === 1 ? '#d1ecf1' : '#d4edda'))
      .attr('stroke', (d) => (d.pending ? '#856404' : d.type === 1 ? '#0c5460' : '#155724'))
      .attr('stroke-width', 2);
    groups
      .select('text')
      .text((d) => (d.name.length > 10 ? `${d.name.slice(0, 9)}…` : d.name))
      .attr('fill', '#1b1b1b');

    if (canMove) {
      groups
        .filter((d) => !d.pending)
        .call(
          drag<SVGGElement, Marker>()
            .on('drag', function (event, d) {
              d.x = Math.max(0, Math.min(size.width, event.x));
              d.y = Math.max(0, Math.min(size.height, event.y));
              select(this).attr('transform', `translate(${d.x},${d.y})`);
            })
            .on('end', (event, d) => {
              if (d.id === null || (event.dx === 0 && event.dy === 0 && !event.sourceEvent)) return;
              setMoved((m) => ({ ...m, [d.id as number]: { x: d.x, y: d.y } }));
              void savePosition(d.id, d.x, d.y);
            }),
        );
      groups
        .on('keydown', (event: KeyboardEvent, d) => {
          const moves: Record<string, [number, number]> = {
            ArrowLeft: [-STEP, 0],
            ArrowRight: [STEP, 0],
            ArrowUp: [0, -STEP],
            ArrowDown: [0, STEP],
          };
          const delta = moves[event.key];
          if (!delta || d.id === null) return;
          event.preventDefault();
          const x = Math.max(0, Math.min(size.width, d.x + delta[0]));
          const y = Math.max(0, Math.min(size.height, d.y + delta[1]));
          setMoved((m) => ({ ...m, [d.id as number]: { x, y } }));
        })
        .on('keyup', (event: KeyboardEvent, d) => {
          if (d.id !== null && event.key.startsWith('Arrow')) void savePosition(d.id, d.x, d.y);
        });
    }
    if (!adding) svg.on('click', null);
    else
      svg.on('click', (event: MouseEvent) => {
        if ((event.target as Element).closest('g.marker')) return;
        const pt = svgRef.current!.createSVGPoint();
        pt.x = event.clientX;
        pt.y = event.clientY;
        const p = pt.matrixTransform(svgRef.current!.getScreenCTM()!.inverse());
        setPending((list) => [...list, { name: nextName(list.length + 1), x: Math.round(p.x), y: Math.round(p.y) }]);
      });
  });

  const saveDesks = async () => {
    if (!pending.length) return;
    const r = await postDesks({ url: `/room/floors/${floor.id}/desks`, body: { desks: pending } });
    if ('error' in r) return;
    toast('success', t('plan.desksSaved', { n: pending.length }));
    setPending([]);
    setAdding(false);
  };

  return (
    <Segment data-testid="floor-plan">
      <h2 className="ui small header">{t('plan.title', { name: floor.displayName })}</h2>
      {!floor.planUploadId && <Message info content={t('plan.noPlan')} />}
      <div style={{ display: 'flex', gap: '0.5em', flexWrap: 'wrap', alignItems: 'flex-end', marginBottom: '0.5em' }}>
        {canAddDesks && !adding && (
          <Button
            type="button"
            icon="plus"
            content={t('plan.addDesks')}
            onClick={() => setAdding(true)}
            data-testid="plan-add-desks"
          />
        )}
        {adding && (
          <>
            <Form.Input
              id="plan-prefix"
              label={t('plan.prefix')}
              value={prefix}
              onChange={(_, d) => setPrefix(d.value)}
              size="small"
            />
            <Button
              type="button"
              icon="crosshairs"
              content={t('plan.addCentre')}
              onClick={() =>
                setPending((l) => [
                  ...l,
                  { name: nextName(l.length + 1), x: Math.round(size.width / 2), y: Math.round(size.height / 2) },
                ])
              }
            />
            <Button
              type="button"
              primary
              icon="save"
              disabled={!pending.length || posting.isLoading}
              loading={posting.isLoading}
              content={t('plan.saveDesks', { n: pending.length })}
              onClick={() => void saveDesks()}
              data-testid="plan-save-desks"
            />
            <Button
              type="button"
              content={t('cancelAdding')}
              onClick={() => {
                setPending([]);
                setAdding(false);
              }}
            />
          </>
        )}
      </div>
      {adding && (
        <p className="muted" role="status">
          {t('plan.clickHint')}
        </p>
      )}
      <div style={{ overflow: 'auto', maxHeight: '70vh', border: '1px solid #ddd' }}>
        <svg
          ref={svgRef}
          viewBox={`0 0 ${size.width} ${size.height}`}
          width={size.width}
          height={size.height}
          role="group"
          aria-label={t('plan.title', { name: floor.displayName })}
          style={{ cursor: adding ? 'crosshair' : 'default', maxWidth: '100%', height: 'auto', background: '#fafafa' }}
          data-testid="plan-svg"
        >
          <image className="plan" x={0} y={0} preserveAspectRatio="none" aria-hidden="true" />
          <g className="markers" />
        </svg>
      </div>
    </Segment>
  );
}
