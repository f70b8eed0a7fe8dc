/** Above the dictionary tree: the search, a new top-level item, and what to do with the selected item. */
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Input } from 'semantic-ui-react';
import type { DictListItem } from '../../api.ts';
import { useDict } from './context.ts';

export function DictToolbar({
  title,
  text,
  onText,
  selected,
  onAddTop,
  onCollapse,
}: {
  title: string;
  text: string;
  onText: (text: string) => void;
  selected: DictListItem | null;
  onAddTop: () => void;
  /** Closes every item; absent while none is open. */
  onCollapse?: () => void;
}) {
  const { t } = useTranslation('sys');
  const dict = useDict();
  const onSelected = (icon: string, label: string, testId: string, act: (item: DictListItem) => void) => (
    <Button type="button" basic disabled={!selected} onClick={() => selected && act(selected)} data-testid={testId}>
      <Icon name={icon as never} aria-hidden="true" />
      {label}
    </Button>
  );
  return (
    <div className="dict-toolbar">
      <Input
        icon="search"
        iconPosition="left"
        placeholder={t('dic.search')}
        value={text}
        input={{
          'aria-label': `${title}: ${t('dic.search')}`,
          'data-testid': 'dict-search',
          type: 'search',
          'aria-controls': 'dict-tree',
        }}
        onChange={(_, d) => onText(String(d.value))}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Escape') onText('');
        }}
      />
      {dict.canAdd && (
        <Button type="button" primary icon labelPosition="left" onClick={onAddTop} data-testid="dict-add">
          <Icon name="plus" aria-hidden="true" />
          {t('dic.addTop')}
        </Button>
      )}
      <div
        className="dict-selection"
        role="group"
        aria-label={selected ? t('dic.selected', { name: selected.name }) : t('dic.noneSelected')}
      >
        {dict.canAdd && onSelected('plus', t('dic.addChild'), 'dict-add-child', dict.addChild)}
        {dict.canEdit && onSelected('edit', t('edit'), 'dict-edit', dict.edit)}
        {dict.canDelete && onSelected('trash', t('delete'), 'dict-delete', dict.remove)}
        {onCollapse && (
          <Button type="button" basic onClick={onCollapse} data-testid="dict-collapse">
            <Icon name="compress" aria-hidden="true" />
            {t('dic.collapseAll')}
          </Button>
        )}
      </div>
    </div>
  );
}
