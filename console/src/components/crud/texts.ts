/** The shared CRUD widgets' texts, in their own i18n namespace 'crud'. */
import i18n from '../../i18n/index.ts';

const texts = {
  cn: {
    search: '搜索',
    actions: '操作',
    pages: '分页',
    save: '保存',
    cancel: '取消',
    delete: '删除',
    confirmDelete: '确认删除',
    deleteQuestion: '确定要删除“{{name}}”吗？此操作无法撤销。',
    fixFields: '请修改标出的字段',
  },
  en: {
    search: 'Search',
    actions: 'Actions',
    pages: 'Pages',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    confirmDelete: 'Confirm deletion',
    deleteQuestion: 'Delete "{{name}}"? This cannot be undone.',
    fixFields: 'Please correct the marked fields',
  },
  ja: {
    search: '検索',
    actions: '操作',
    pages: 'ページ',
    save: '保存',
    cancel: 'キャンセル',
    delete: '削除',
    confirmDelete: '削除の確認',
    deleteQuestion: '「{{name}}」を削除しますか？元に戻せません。',
    fixFields: '表示された項目を修正してください',
  },
};

for (const [lang, bundle] of Object.entries(texts)) {
  if (!i18n.hasResourceBundle(lang, 'crud')) i18n.addResourceBundle(lang, 'crud', bundle);
}
