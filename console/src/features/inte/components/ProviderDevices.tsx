/** The devices the kind's provider lists (R20.6): what an administrator binds to rooms, searchable; why when it cannot list. */
import { useTranslation } from 'react-i18next';
import { Message } from 'semantic-ui-react';
import { StatusLabel } from '../../../components/StatusLabel.tsx';
import { CrudScreen, type Collection } from '../../../components/crud/index.ts';
import { useProviderDevicesQuery, type DeviceListAnswer, type DeviceListArgs, type PluginKind } from '../api.ts';

type Device = DeviceListAnswer['items'][number];
const devices: Collection<Device, DeviceListArgs> = { list: useProviderDevicesQuery };

export function ProviderDevices({ kind, screen }: { kind: PluginKind; screen: string }) {
  const { t } = useTranslation('inte');
  // The same read as the table's first page: tells why the provider listed nothing.
  const { data } = useProviderDevicesQuery({ kind, page: 1, pageSize: 10 });
  return (
    <>
      {data?.error && (
        <Message warning size="small" data-testid="provider-devices-error">
          {t('devices.cannotList', { reason: data.error })}
        </Message>
      )}
      <CrudScreen
        embedded
        name="provider-devices"
        title={t('devices.title')}
        perm={`inte:${screen}`}
        source={devices}
        query={{ kind }}
        pageSize={10}
        nameOf={(d) => d.name}
        emptyText={data?.provider === 'none' ? t('devices.noProvider') : t('devices.none')}
        columns={[
          { key: 'name', header: t('devices.name'), render: (d) => d.name },
          { key: 'id', header: t('devices.id'), render: (d) => <code>{d.id}</code> },
          { key: 'room', header: t('devices.room'), render: (d) => d.roomName ?? '' },
          {
            key: 'state',
            header: t('devices.state'),
            render: (d) =>
              d.on === undefined ? (
                d.width && d.height ? (
                  `${d.width} × ${d.height}`
                ) : (
                  ''
                )
              ) : (
                <StatusLabel tone={d.on ? 'green' : 'grey'}>{d.on ? t('devices.on') : t('devices.off')}</StatusLabel>
              ),
          },
        ]}
      />
    </>
  );
}
