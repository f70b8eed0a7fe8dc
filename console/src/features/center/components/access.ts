/** What the signed-in user may do here: capabilities and codes (looked up exactly) and the booking settings. */
import { useConfigQuery } from '../../../app/api.ts';
import type { PermissionCode } from '../../../../../core/capability.ts';
import type { Capability } from '../../../../../core/modules/capabilities.ts';
import { allows } from '../../../app/sessionSlice.ts';
import { useAppSelector } from '../../../app/store.ts';

export interface Access {
  can: (what: Capability | PermissionCode) => boolean;
  setting: (key: string, fallback?: boolean) => boolean;
  value: (key: string) => unknown;
}

export function useAccess(): Access {
  const session = useAppSelector((s) => s.session);
  const { data } = useConfigQuery();
  const config = data?.config ?? {};
  return {
    can: (what) => allows(session, what),
    setting: (key, fallback = true) => {
      const v = config[key];
      if (v === undefined || v === null) return fallback;
      return v === true || v === 1 || v === '1' || v === 'true';
    },
    value: (key) => config[key],
  };
}
