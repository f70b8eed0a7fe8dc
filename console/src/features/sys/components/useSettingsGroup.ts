import { useSaveSettingsMutation, useSettingsQuery } from '../api.ts';
import type { Confirmable } from './security/ConfirmPassword.tsx';

/** A settings group read and saved at `path` (/sys/settings/<group>, /sys/sso/<method>), for SettingsForm. */
export function useSettingsGroup(path: string, confirm?: (call: Confirmable) => ReturnType<Confirmable>) {
  const { data, isLoading, error } = useSettingsQuery(path);
  const [save, saving] = useSaveSettingsMutation();
  const send = (body: Record<string, unknown>) => {
    const call: Confirmable = (headers) => save({ path, body, headers });
    return confirm ? confirm(call) : call();
  };
  return { data, loading: isLoading, error, save: send, saving: saving.isLoading };
}
