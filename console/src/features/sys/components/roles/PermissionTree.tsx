/** A role's permissions as nested checkboxes: a section or screen ticks all its actions at once. */
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'semantic-ui-react';
import { titleOf } from '../../../../components/format.ts';
import { usePermissionTreeQuery, type PermissionTree as Tree } from '../../api.ts';

type Node = Tree[number] | Tree[number]['children'][number];

const codesOf = (n: Node): string[] =>
  'actions' in n ? n.actions.map((a) => a.code) : n.children.flatMap((c) => codesOf(c));

export function PermissionTree({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t, i18n } = useTranslation('sys');
  const { data: tree = [] } = usePermissionTreeQuery();
  const lang = i18n.language;
  const toggle = (codes: string[], on: boolean) =>
    onChange(on ? Array.from(new Set([...value, ...codes])) : value.filter((c) => !codes.includes(c)));
  const render = (n: Node, depth: number) => {
    const codes = codesOf(n);
    const all = codes.length > 0 && codes.every((c) => value.includes(c));
    const some = codes.some((c) => value.includes(c));
    return (
      <li key={`${depth}-${n.name}`} style={{ margin: '0.3em 0' }}>
        <Checkbox
          id={`perm-node-${depth}-${n.name}`}
          label={`${titleOf(n, lang)} (${t('role.all')})`}
          checked={all}
          indeterminate={!all && some}
          onChange={(_, d) => toggle(codes, Boolean(d.checked))}
        />
        {'actions' in n && n.actions.length > 0 && (
          <div style={{ marginLeft: '1.8em', display: 'flex', flexWrap: 'wrap', gap: '0.4em 1.2em' }}>
            {n.actions.map((a) => (
              <Checkbox
                key={a.code}
                id={`perm-${a.code.replace(/:/g, '-')}`}
                label={titleOf(a, lang)}
                checked={value.includes(a.code)}
                data-code={a.code}
                onChange={(_, d) => toggle([a.code], Boolean(d.checked))}
              />
            ))}
          </div>
        )}
        {'children' in n && (
          <ul style={{ listStyle: 'none', paddingLeft: '1.2em', margin: 0 }}>
            {n.children.map((c) => render(c, depth + 1))}
          </ul>
        )}
      </li>
    );
  };
  return (
    <fieldset style={{ border: 0, padding: 0 }} data-testid="permission-tree">
      <legend style={{ fontWeight: 700 }}>{t('role.permissions')}</legend>
      <ul style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>{tree.map((n) => render(n, 0))}</ul>
    </fieldset>
  );
}
