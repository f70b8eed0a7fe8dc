/** What the signed-in user may do here: permissions (matched as substrings) and the booking settings. */
import { useConfigQuery } from '../../../app/api.ts';
import { hasPermission } from '../../../app/sessionSlice.ts';
import { useAppSelector } from '../../../app/store.ts';

export interface Access {
  can: (code: string) => boolean;
  setting: (key: string, fallback?: boolean) => boolean;
  value: (key: string) => unknown;
}

export function useAccess(): Access {
  const permissions = useAppSelector((s) => s.session.permissions);
  const { data } = useConfigQuery();
  const config = data?.config ?? {};
  return {
    can: (code) => hasPermission(permissions, code),
    setting: (key, fallback = true) => {
      const v = config[key];
      if (v === undefined || v === null) return fallback;
      return v === true || v === 1 || v === '1' || v === 'true';
    },
    value: (key) => config[key],
  };
}

/** Booking is allowed from any of the booking screens' reserve rights. */
export const RESERVE_CODES = [
  'center:reserve:reserve',
  'center:reservedesk:reserve',
  'center:search:reserve',
  'center:searchdesk:reserve',
];
