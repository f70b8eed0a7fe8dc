/** /room/level: floors with their plan, pad and grid icons and order; the plan with its rooms and desks. */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from 'semantic-ui-react';
import { CrudScreen, RowButton, type FieldDef } from '../../../components/crud/index.ts';
import { floors } from '../api.ts';
import { useLocationChoices } from '../components/choices.ts';
import { FilterSelect } from '../components/FilterSelect.tsx';
import { PictureField } from '../components/PictureField.tsx';
import type { UploadType } from '../components/upload.ts';
import '../i18n.ts';

const FloorPlan = lazy(() => import('../components/FloorPlan.tsx').then((m) => ({ default: m.FloorPlan })));

type Slot = 'planUploadId' | 'padIconUploadId' | 'gridIconUploadId';
const PICTURES: Array<{ slot: Slot; type: UploadType; label: string; hint: string }> = [
  { slot: 'planUploadId', type: 'floorPlan', label: 'field.plan', hint: 'upload.planHint' },
  { slot: 'padIconUploadId', type: 'padIcon', label: 'field.padIcon', hint: 'upload.hint' },
  { slot: 'gridIconUploadId', type: 'gridIcon', label: 'field.gridIcon', hint: 'upload.hint' },
];

export default function LevelScreen() {
  const { t } = useTranslation('room');
  const [locationId, setLocationId] = useState<number | ''>('');
  const [planOf, setPlanOf] = useState<number | null>(null);
  const locations = useLocationChoices();
  const locationName = (id: number) => locations.find((l) => l.id === id)?.name ?? `#${id}`;
  // The limits of the server's FloorInput.
  const fields: FieldDef[] = [
    {
      name: 'locationId',
      label: t('field.location'),
      type: 'select',
      required: true,
      options: locations.map((l) => ({ value: l.id, text: l.name })),
    },
    { name: 'name', label: t('field.name'), required: true, maxLength: 100 },
    { name: 'displayName', label: t('field.displayName'), maxLength: 100 },
    { name: 'sort', label: t('field.sort'), type: 'number', integer: true, min: 0, max: 1_000_000 },
    ...PICTURES.map(({ slot, type, label, hint }): FieldDef => ({
      name: slot,
      label: t(label),
      type: 'custom',
      render: (v, set) => (
        <PictureField
          id={`level-${slot}`}
          name={slot}
          label={t(label)}
          type={type}
          value={(v[slot] as string | null) ?? null}
          onChange={(id) => set(slot, id)}
          hint={t(hint)}
        />
      ),
    })),
  ];
  return (
    <CrudScreen
      name="level"
      title={t('level.title')}
      perm="room:level"
      source={floors}
      query={{ locationId: locationId || undefined }}
      nameOf={(f) => f.name}
      formTitle={(f) => t(f ? 'level.edit' : 'level.add')}
      onDeleted={(f) => planOf === f.id && setPlanOf(null)}
      toolbar={
        <FilterSelect
          id="level-f-location"
          label={t('field.location')}
          value={locationId}
          onChange={setLocationId}
          options={locations.map((l) => ({ value: l.id, text: l.name }))}
        />
      }
      columns={[
        { key: 'name', header: t('field.name'), render: (f) => f.name },
        { key: 'display', header: t('field.displayName'), render: (f) => f.displayName },
        { key: 'location', header: t('field.location'), render: (f) => locationName(f.locationId) },
        { key: 'plan', header: t('field.plan'), render: (f) => (f.planUploadId ? t('yes') : t('no')) },
        { key: 'sort', header: t('field.sort'), render: (f) => f.sort },
      ]}
      rowActions={(f) => (
        <RowButton
          icon="map outline"
          label={`${t('plan.show')} ${f.displayName}`}
          onClick={() => setPlanOf(planOf === f.id ? null : f.id)}
          testId="row-plan"
        />
      )}
      fields={fields}
      toForm={(f) => ({
        locationId: f?.locationId ?? (locationId || null),
        name: f?.name ?? '',
        displayName: f?.displayName ?? '',
        sort: f?.sort ?? 0,
        planUploadId: f?.planUploadId ?? null,
        padIconUploadId: f?.padIconUploadId ?? null,
        gridIconUploadId: f?.gridIconUploadId ?? null,
      })}
      toBody={(v) => ({
        locationId: Number(v.locationId),
        name: String(v.name),
        displayName: String(v.displayName ?? '').trim() || undefined,
        sort: Number(v.sort) || 0,
        planUploadId: (v.planUploadId as string | null) ?? null,
        padIconUploadId: (v.padIconUploadId as string | null) ?? null,
        gridIconUploadId: (v.gridIconUploadId as string | null) ?? null,
      })}
    >
      {(rows) => {
        // Read from the rows shown, so the plan follows an edit of its floor.
        const shown = rows.find((f) => f.id === planOf);
        return (
          shown && (
            <Suspense fallback={<Loader active inline="centered" />}>
              <FloorPlan key={`${shown.id}-${shown.planUploadId}`} floor={shown} />
            </Suspense>
          )
        );
      }}
    </CrudScreen>
  );
}
