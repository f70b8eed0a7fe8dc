/**
 * "Pair a tablet" for one room, where a room is already known (the device screen's door tablet rows,
 * docs/product-rules.md R19.1): asks the server for a code and shows it in the pairing dialog, a new one on request.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/hooks.ts';
import { RowButton } from '../../../components/crud/index.ts';
import { usePairTabletMutation, type PairingCode } from '../api.ts';
import { TabletPairingDialog } from './TabletPairingDialog.tsx';
import '../i18n.ts';

export function PairTabletButton({ resourceId, name }: { resourceId: number; name: string }) {
  const { t } = useTranslation('sys');
  const toast = useToast();
  const [pair, pairing] = usePairTabletMutation();
  const [answer, setAnswer] = useState<PairingCode | null>(null);
  const ask = async () => {
    const res = await pair({ id: null, body: { resourceId, name } });
    if ('data' in res && res.data) return setAnswer(res.data);
    toast('error', (res.error as { msg?: string } | undefined)?.msg ?? t('loadFailed'));
  };
  return (
    <>
      <RowButton
        icon="tablet alternate"
        label={`${t('tablets.pair')}: ${name}`}
        onClick={() => void ask()}
        disabled={pairing.isLoading}
        testId="row-pair-tablet"
      />
      {answer && (
        <TabletPairingDialog
          key={answer.code}
          answer={answer}
          title={t('tablets.codeTitle', { room: answer.resourceName })}
          onRenew={() => void ask()}
          renewing={pairing.isLoading}
          onClose={() => setAnswer(null)}
        />
      )}
    </>
  );
}
