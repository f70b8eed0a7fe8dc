/**
 * A floor's plan: the plan picture with the floor's rooms and desks at their
 * positions. Drag a resource (or focus it and use the arrow keys) to move it;
 * in "add desks" mode each click on the plan places a new desk, saved
 * together with POST /room/floors/:id/desks.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Message, Segment } from 'semantic-ui-react';
import { useCan, useToast } from '../../../app/hooks.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { useAuthedUrl } from '../../../components/AuthedImage.tsx';
import { resourcesApi, useAddDesksMutation, useSaveResourceMutation, type FloorView } from '../api.ts';
import { useResourceChoices } from './choices.ts';
import { DeskAdder, type NewDesk } from './DeskAdder.tsx';
import { drawMarkers, type Marker, type Size } from './plan-markers.ts';
import { bodyOf, draftOf } from './resource-form/draft.ts';

const DEFAULT_SIZE: Size = { width: 1000, height: 700 };

/** The plan picture's own size, once it has loaded. */
function usePictureSize(src: string | null): Size {
  const [size, setSize] = useState(DEFAULT_SIZE);
  useEffect(() => {
    if (!src) return setSize(DEFAULT_SIZE);
    const img = new Image();
    img.onload = () =>
      setSize({ width: img.naturalWidth || DEFAULT_SIZE.width, height: img.naturalHeight || DEFAULT_SIZE.height });
    img.src = src;
  }, [src]);
  return size;
}

export function FloorPlan({ floor }: { floor: FloorView }) {
  const { t } = useTranslation('room');
  const can = useCan();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const svgRef = useRef<SVGSVGElement>(null);
  const plan = useAuthedUrl(floor.planUploadId ? `/room/floors/${floor.id}/plan` : null, { v: floor.planUploadId });
  const size = usePictureSize(plan);
  const resources = useResourceChoices({ floorId: floor.id });
  const [moved, setMoved] = useState<Record<number, { x: number; y: number }>>({});
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<NewDesk[]>([]);
  const [prefix, setPrefix] = useState(`${floor.displayName}-D`);
  const [saveResource] = useSaveResourceMutation();
  const [addDesks, posting] = useAddDesksMutation();
  const canMove = can('resources.updateRooms') || can('resources.updateDesks');

  const markers = useMemo<Marker[]>(() => {
    const placed = resources.map((r, i) => {
      const p = moved[r.id] ?? r.position ?? { x: 60 + (i % 8) * 100, y: 40 + Math.floor(i / 8) * 50 };
      return { key: `r${r.id}`, id: r.id, name: r.name, type: r.type, x: p.x, y: p.y, pending: false };
    });
    return [
      ...placed,
      ...pending.map((p, i) => ({ key: `n${i}`, id: null, name: p.name, type: 1, x: p.x, y: p.y, pending: true })),
    ];
  }, [resources, moved, pending]);

  /** PUT the whole resource with its new position (the server replaces a resource as a whole). */
  const savePosition = async (id: number, x: number, y: number) => {
    const full = await dispatch(resourcesApi.endpoints.resource.initiate(id, { forceRefetch: true, subscribe: false }));
    if (!full.data) return;
    const body = bodyOf({ ...draftOf(full.data), position: { x: Math.round(x), y: Math.round(y) } });
    const r = await saveResource({ id, body });
    if (!('error' in r)) toast('success', t('plan.moved', { name: full.data.name }));
  };
  const nextName = (n: number) => `${prefix}${String(n).padStart(2, '0')}`;
  const place = (x: number, y: number) => setPending((list) => [...list, { name: nextName(list.length + 1), x, y }]);

  useEffect(() => {
    if (!svgRef.current) return;
    drawMarkers({
      svg: svgRef.current,
      plan,
      size,
      markers,
      moveHint: canMove ? t('plan.keys') : null,
      onMove: (id, x, y, done) => {
        setMoved((m) => ({ ...m, [id]: { x, y } }));
        if (done) void savePosition(id, x, y);
      },
      onPlace: adding ? place : null,
    });
  });

  const saveDesks = async () => {
    if (!pending.length) return;
    const r = await addDesks({ floorId: floor.id, body: { desks: pending } });
    if ('error' in r) return;
    toast('success', t('plan.desksSaved', { n: pending.length }));
    setPending([]);
    setAdding(false);
  };

  return (
    <Segment data-testid="floor-plan">
      <h2 className="ui small header">{t('plan.title', { name: floor.displayName })}</h2>
      {!floor.planUploadId && <Message info content={t('plan.noPlan')} />}
      {can('resources.addDesks') && (
        <DeskAdder
          adding={adding}
          count={pending.length}
          prefix={prefix}
          busy={posting.isLoading}
          onStart={() => setAdding(true)}
          onPrefix={setPrefix}
          onCentre={() => place(Math.round(size.width / 2), Math.round(size.height / 2))}
          onSave={() => void saveDesks()}
          onCancel={() => {
            setPending([]);
            setAdding(false);
          }}
        />
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
