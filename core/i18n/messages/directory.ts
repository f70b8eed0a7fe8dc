import type { MessageSet } from './types.ts';

// Directory sync (docs/product-rules.md R21): why a run cannot start, and the reason a leaver's bookings were cancelled.
export default {
  en: {
    'directory.running': 'A directory sync is already running; wait for it to finish',
    'directory.noProvider': 'The selected apps provider cannot list people: choose a directory provider first',
    'directory.leaverReason': 'The organiser has left the organisation',
    'directory.adminRole': 'No directory group may give the administrator role: give it to people by hand',
  },
  cn: {
    'directory.running': '目录同步正在进行，请等待其完成',
    'directory.noProvider': '所选的第三方应用不能列出人员：请先选择目录提供方',
    'directory.leaverReason': '预约人已离职',
    'directory.adminRole': '目录组不能授予管理员角色：请手动授予',
  },
  ja: {
    'directory.running': 'ディレクトリ同期を実行中です。終了までお待ちください',
    'directory.noProvider':
      '選択中の外部アプリ連携はメンバーを一覧できません。先にディレクトリのプロバイダーを選んでください',
    'directory.leaverReason': '予約者が退職しました',
    'directory.adminRole': 'ディレクトリのグループに管理者ロールは割り当てられません。手動で付与してください',
  },
} satisfies MessageSet;
