/**
 * Starting a directory sync from the console: a preview (dryRun) or a run, the answer kept to show, a run that
 * stopped for confirmation offered to be sent again with `confirm`, and a 409 or 422 told in words of its own.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../../app/api.ts';
import { useSyncDirectoryMutation, type RunDetail } from '../../api.ts';

export function useDirectorySync() {
  const { t } = useTranslation('inte');
  const [send, sending] = useSyncDirectoryMutation();
  const [result, setResult] = useState<RunDetail | null>(null);
  const [asking, setAsking] = useState<RunDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<'preview' | 'sync' | 'incremental'>('sync');

  const start = async (body: { dryRun?: boolean; confirm?: boolean; mode?: 'full' | 'incremental' }) => {
    setProblem(null);
    setAsked(body.dryRun ? 'preview' : body.mode === 'incremental' ? 'incremental' : 'sync');
    const res = await send(body);
    if ('error' in res) {
      const e = res.error as ApiError;
      if (e.status === 409) setProblem(t('directory.running'));
      else if (e.key === 'directory.noProvider') setProblem(t('directory.noProvider'));
      else setProblem(e.msg);
      return;
    }
    setResult(res.data);
    if (res.data.state === 'needsConfirmation') setAsking(res.data);
  };
  return {
    busy: sending.isLoading,
    /** What the call going on (or the last) was. */
    asked,
    result,
    problem,
    asking,
    preview: () => start({ dryRun: true }),
    sync: () => start({}),
    /** Only what changed since the last run; never disables people for being absent. */
    incremental: () => start({ mode: 'incremental' }),
    confirm: async () => {
      // Confirms the run that stopped, in its own mode.
      await start({ confirm: true, mode: asking?.mode ?? 'full' });
      setAsking(null);
    },
    cancel: () => setAsking(null),
  };
}
