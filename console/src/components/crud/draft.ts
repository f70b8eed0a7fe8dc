/** A form's draft as a reducer: reset to a row's values, set one field, patch several. */
import { useMemo, useReducer } from 'react';

export type DraftAction<V> =
  | { type: 'reset'; values: V }
  | { type: 'set'; name: keyof V & string; value: unknown }
  | { type: 'patch'; patch: Partial<V> };

export function draftReducer<V extends object>(state: V, action: DraftAction<V>): V {
  switch (action.type) {
    case 'reset':
      return action.values;
    case 'set':
      return { ...state, [action.name]: action.value };
    case 'patch':
      return { ...state, ...action.patch };
  }
}

export interface DraftControls<V> {
  reset: (values: V) => void;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  patch: (patch: Partial<V>) => void;
}

export function useDraft<V extends object>(initial: V | (() => V)): [V, DraftControls<V>] {
  const [draft, dispatch] = useReducer(draftReducer<V>, undefined, () =>
    typeof initial === 'function' ? (initial as () => V)() : initial,
  );
  const controls = useMemo<DraftControls<V>>(
    () => ({
      reset: (values) => dispatch({ type: 'reset', values }),
      set: (name, value) => dispatch({ type: 'set', name, value }),
      patch: (patch) => dispatch({ type: 'patch', patch }),
    }),
    [],
  );
  return [draft, controls];
}
