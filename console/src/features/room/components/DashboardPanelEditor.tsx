/**
 * The wall screen's panels on /room/dashboard (GET/POST /room/dashboard/panels,
 * PUT/DELETE …/:id): a list, a form with every field of the server's Panel
 * schema and delete after asking. Changing them needs room:dashboard:save.
 */
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { AuthedImage } from '../../../components/AuthedImage.tsx';
import { CrudScreen, type FieldDef, type Values } from '../../../components/crud/index.ts';
import { panels, type PanelView } from '../api.ts';
import { useFloorChoices, useLocationChoices } from './choices.ts';
import { PictureField } from './PictureField.tsx';

/** Panels are changed with the dashboard's one write permission. */
const SAVE = 'room:dashboard:save';
/** The server's bounds for the slideshow times. */
export const SLIDE_SECONDS = { min: 3, max: 3600, default: 10 } as const;

export function DashboardPanelEditor() {
  const { t } = useTranslation('room');
  const tp = (k: string, o?: Record<string, unknown>) => t(`dashboard.panelEditor.${k}`, o);
  const locations = useLocationChoices();
  const floors = useFloorChoices(null, true);
  const floorOf = (id: number | null | undefined) => (id ? floors.find((f) => f.id === id) : undefined);
  const placeOf = (p: PanelView) => p.locationId ?? floorOf(p.floorId)?.locationId ?? null;
  const locationName = (id: number | null) => (id ? (locations.find((l) => l.id === id)?.name ?? `#${id}`) : '');
  const seconds = (name: 'environmentSlideSeconds' | 'bookingSlideSeconds'): FieldDef => ({
    name,
    label: tp(name),
    type: 'number',
    required: true,
    integer: true,
    min: SLIDE_SECONDS.min,
    max: SLIDE_SECONDS.max,
    step: 1,
    help: tp('secondsHint', { min: SLIDE_SECONDS.min, max: SLIDE_SECONDS.max }),
  });
  const fields = (v: Values): FieldDef[] => [
    { name: 'name', label: t('field.name'), required: true, maxLength: 100 },
    {
      name: 'locationId',
      label: t('field.location'),
      type: 'select',
      options: locations.map((l) => ({ value: l.id, text: l.name })),
      resets: ['floorId'],
      // The server's rule: a location or a floor.
      validate: (id, all) => (id || all.floorId ? null : tp('placeRequired')),
    },
    {
      name: 'floorId',
      label: t('field.floor'),
      type: 'select',
      emptyText: tp('wholeLocation'),
      options: floors.filter((f) => f.locationId === v.locationId).map((f) => ({ value: f.id, text: f.displayName })),
    },
    seconds('environmentSlideSeconds'),
    seconds('bookingSlideSeconds'),
    {
      name: 'logoUploadId',
      label: tp('logo'),
      type: 'custom',
      render: (values, set) => (
        <>
          <PictureField
            id="panel-logoUploadId"
            name="logoUploadId"
            label={tp('logo')}
            type="logo"
            value={(values.logoUploadId as string | null) ?? null}
            onChange={(id) => set('logoUploadId', id)}
            hint={t('upload.hint')}
          />
          {Boolean(values.logoUploadId) && (
            <Button
              type="button"
              size="small"
              basic
              icon="close"
              content={tp('removeLogo')}
              onClick={() => set('logoUploadId', null)}
            />
          )}
        </>
      ),
    },
  ];
  return (
    <CrudScreen
      embedded
      name="panel"
      title={tp('title')}
      description={tp('intro')}
      perm={{ add: SAVE, update: SAVE, delete: SAVE }}
      source={panels}
      pageSize={10}
      nameOf={(p) => p.name}
      formTitle={(p) => (p ? tp('edit') : tp('add'))}
      addLabel={tp('add')}
      emptyText={tp('empty')}
      columns={[
        { key: 'name', header: t('field.name'), render: (p) => p.name },
        { key: 'location', header: t('field.location'), render: (p) => locationName(placeOf(p)) },
        {
          key: 'floor',
          header: t('field.floor'),
          render: (p) => (p.floorId ? (floorOf(p.floorId)?.displayName ?? `#${p.floorId}`) : tp('wholeLocation')),
        },
        {
          key: 'slides',
          header: tp('slides'),
          render: (p) => tp('slidesValue', { environment: p.environmentSlideSeconds, booking: p.bookingSlideSeconds }),
        },
        {
          key: 'logo',
          header: tp('logo'),
          render: (p) =>
            p.logoUploadId ? (
              <AuthedImage
                path={`/upload/${p.logoUploadId}`}
                alt={tp('logoOf', { name: p.name })}
                style={{ maxWidth: 64, maxHeight: 32 }}
              />
            ) : (
              t('none')
            ),
        },
      ]}
      fields={fields}
      toForm={(p) => ({
        name: p?.name ?? '',
        locationId: p ? placeOf(p) : null,
        floorId: p?.floorId ?? null,
        logoUploadId: p?.logoUploadId ?? null,
        environmentSlideSeconds: p?.environmentSlideSeconds ?? SLIDE_SECONDS.default,
        bookingSlideSeconds: p?.bookingSlideSeconds ?? SLIDE_SECONDS.default,
      })}
      toBody={(v) => ({
        name: String(v.name).trim(),
        locationId: (v.locationId as number | null) || null,
        floorId: (v.floorId as number | null) || null,
        logoUploadId: (v.logoUploadId as string | null) ?? null,
        environmentSlideSeconds: Number(v.environmentSlideSeconds),
        bookingSlideSeconds: Number(v.bookingSlideSeconds),
      })}
    />
  );
}
