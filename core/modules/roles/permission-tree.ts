/**
 * The catalogue as the console's permission tree: sections → screens →
 * actions, each with its title in the three languages (docs/product-rules.md R2.1).
 */
import { MENU, type Action } from '../menus/index.ts';
import type { PermissionTree } from './schema.ts';

const ACTION_TITLES: Record<Action, [cn: string, en: string, ja: string]> = {
  view: ['查看', 'View', '表示'],
  add: ['新增', 'Add', '追加'],
  update: ['修改', 'Modify', '変更'],
  delete: ['删除', 'Delete', '削除'],
  import: ['导入', 'Import', 'インポート'],
  export: ['导出', 'Export', 'エクスポート'],
  reserve: ['预约', 'Reservation', '予約'],
  circle: ['周期预约', 'Circular reservation', '定期予約'],
  cancel: ['取消', 'Cancel', 'キャンセル'],
  select: ['选择', 'Select', '選択'],
  recharge: ['充值', 'Recharge', 'チャージ'],
  register: ['注册许可', 'Registered licence', 'ライセンス登録'],
  save: ['保存', 'Save', '保存'],
  licenceDelete: ['删除许可', 'Licence delete', 'ライセンス削除'],
  approve: ['审批', 'Approve', '承認'],
  super: ['不限时长', 'No maximum duration', '時間制限なし'],
  scim: ['SCIM 用户同步', 'SCIM provisioning', 'SCIM プロビジョニング'],
};

export function permissionTree(): PermissionTree {
  return MENU.map((s) => ({
    name: s.name,
    title: s.title.cn,
    titleEn: s.title.en,
    titleJa: s.title.ja,
    children: s.children.map((c) => ({
      name: c.name,
      title: c.title.cn,
      titleEn: c.title.en,
      titleJa: c.title.ja,
      actions: c.actions.map((a) => {
        const [title, titleEn, titleJa] = ACTION_TITLES[a];
        return { code: `${s.name}:${c.name}:${a}`, action: a, title, titleEn, titleJa };
      }),
    })),
  }));
}
