/**
 * The menu (docs/product-rules.md R2.1): sections, their screens, the titles in each
 * language, and the actions each screen offers. Permission codes are
 * `<section>:<screen>:<action>` (e.g. `center:reserve:reserve`, `sys:admin:add`);
 * this catalogue is the one list of them.
 */
export type Action =
  | 'view'
  | 'add'
  | 'update'
  | 'delete'
  | 'import'
  | 'export'
  | 'reserve'
  | 'circle'
  | 'cancel'
  | 'select'
  | 'recharge'
  | 'register'
  | 'save'
  | 'licenceDelete'
  | 'approve'
  | 'super'
  | 'scim';

export interface MenuEntry {
  name: string;
  path: string;
  title: { cn: string; en: string; ja: string };
  icon?: string;
  hidden?: boolean;
  actions: Action[];
}

export interface MenuSection extends Omit<MenuEntry, 'actions'> {
  children: MenuEntry[];
}

const e = (
  name: string,
  path: string,
  cn: string,
  en: string,
  ja: string,
  icon: string,
  actions: Action[],
  hidden = false,
): MenuEntry => ({ name, path, title: { cn, en, ja }, icon, actions, hidden });

export const MENU: readonly MenuSection[] = [
  {
    name: 'center',
    path: '/center',
    title: { cn: '预约中心', en: 'Booking Centre', ja: '予約センター' },
    icon: 'calendar alternate outline',
    children: [
      e('reserve', '/center/reserve', '列表预约', 'Book by List', 'リストで予約', 'list', [
        'view',
        'reserve',
        'circle',
        'update',
        'cancel',
        'super',
      ]),
      e('reservedesk', '/center/reservedesk', '平面图预约', 'Book by Floor plan', 'フロアマップで予約', 'map outline', [
        'view',
        'reserve',
      ]),
      e('meeting', '/center/meeting', '我的预约', 'My Booking', 'マイ予約', 'clipboard list', [
        'view',
        'update',
        'cancel',
      ]),
      e('mydesk', '/center/mydesk', '我的工位', 'My Desk', 'マイデスク', 'laptop', ['view', 'cancel']),
      e('search', '/center/search', '会议室查询', 'Room Inquiry', '会議室検索', 'search', ['view', 'reserve']),
      e('searchdesk', '/center/searchdesk', '工位查询', 'Desk Inquiry', 'デスク検索', 'search plus', [
        'view',
        'reserve',
      ]),
      e('suggest', '/center/suggest', '帮我找会议室', 'Find me a Room', '会議室を探す', 'magic', ['view', 'reserve']),
      e('recurring', '/center/recurring', '周期预约', 'Recurring Booking', '定期予約', 'redo', [
        'view',
        'circle',
        'update',
        'cancel',
      ]),
      e('approve', '/center/approve', '我的审批', 'My Approval', 'マイ承認', 'check circle outline', [
        'view',
        'approve',
      ]),
    ],
  },
  {
    name: 'room',
    path: '/room',
    title: { cn: '资源管理', en: 'Resources', ja: 'リソース管理' },
    icon: 'building outline',
    children: [
      e('room', '/room/room', '资源管理', 'Resource Management', 'リソース管理', 'cube', [
        'view',
        'add',
        'update',
        'delete',
        'import',
        'export',
      ]),
      e('building', '/room/building', '位置管理', 'Location Management', 'ロケーション管理', 'building', [
        'view',
        'add',
        'update',
        'delete',
      ]),
      e('level', '/room/level', '楼层管理', 'Floor Management', 'フロア管理', 'sitemap', [
        'view',
        'add',
        'update',
        'delete',
      ]),
      e('equipment', '/room/equipment', '设备管理', 'Device Management', 'デバイス管理', 'tablet alternate', [
        'view',
        'add',
        'update',
        'delete',
      ]),
      e('desk', '/room/desk', '工位管理', 'Desk Management', 'デスク管理', 'columns', [
        'view',
        'add',
        'update',
        'delete',
        'import',
        'export',
      ]),
      e('image', '/room/image', '资源图标', 'Resource Icon', 'リソースアイコン', 'image outline', [
        'view',
        'add',
        'update',
        'delete',
      ]),
      e('dashboard', '/room/dashboard', '数据看板', 'Dashboard', 'ダッシュボード', 'chart bar outline', [
        'view',
        'save',
      ]),
      e('report', '/room/report', '统计报表', 'Statistics Reports', '統計レポート', 'file excel outline', [
        'view',
        'add',
        'export',
        'delete',
      ]),
      e(
        'dashboardx',
        '/room/dashboardx',
        '数据看板（全屏）',
        'Dashboard (wall screen)',
        'ダッシュボード（全画面）',
        'tv',
        ['view'],
        true,
      ),
    ],
  },
  {
    name: 'sys',
    path: '/sys',
    title: { cn: '系统管理', en: 'System', ja: 'システム管理' },
    icon: 'setting',
    children: [
      e('admin', '/sys/admin', '用户管理', 'User Management', 'ユーザー管理', 'user', [
        'view',
        'add',
        'update',
        'delete',
        'import',
        'export',
        'recharge',
      ]),
      e('role', '/sys/role', '角色权限', 'Role and Permission', 'ロールと権限', 'user secret', [
        'view',
        'add',
        'update',
        'delete',
      ]),
      e('menu', '/sys/menu', '菜单管理', 'Menu Management', 'メニュー管理', 'bars', [
        'view',
        'add',
        'update',
        'delete',
      ]),
      e('group', '/sys/group', '用户组', 'User Group', 'ユーザーグループ', 'users', [
        'view',
        'add',
        'update',
        'delete',
      ]),
      e('reservelog', '/sys/reservelog', '预约日志', 'Reservation Log', '予約ログ', 'history', ['view', 'export']),
      e('status', '/sys/status', '平板在线状态', 'Pad Online Status', 'タブレット接続状況', 'wifi', ['view']),
      e('roomtime', '/sys/roomtime', '时间配置', 'Time Configuration', '時間設定', 'clock outline', ['view', 'save']),
      e('email', '/sys/email', '通知中心', 'Notification Center', '通知センター', 'mail outline', [
        'view',
        'add',
        'update',
        'delete',
        'save',
      ]),
      e('face', '/sys/face', '人脸识别', 'Face Recognition', '顔認証', 'smile outline', ['view', 'save']),
      e('licence', '/sys/licence', '系统许可', 'System License', 'システムライセンス', 'key', [
        'view',
        'register',
        'licenceDelete',
      ]),
      e('log', '/sys/log', '系统操作日志', 'System Operation Log', 'システム操作ログ', 'file alternate outline', [
        'view',
        'export',
      ]),
      e('dic', '/sys/dic', '数据字典', 'Data Dictionary', 'データ辞書', 'book', ['view', 'add', 'update', 'delete']),
      e('setting', '/sys/setting', '系统设置', 'System Setting', 'システム設定', 'sliders horizontal', [
        'view',
        'save',
      ]),
      e('setting-sql', '/sys/setting/sql', 'SQL 监控', 'SQL Monitor', 'SQL モニター', 'database', ['view'], true),
      e('setting-code', '/sys/setting/code', '代码生成', 'Code Generation', 'コード生成', 'code', ['view'], true),
      e('secret', '/sys/secret', '密钥管理', 'Key Management', 'キー管理', 'lock', ['view', 'add', 'delete', 'scim']),
      e('webhook', '/sys/webhook', 'Webhook 订阅', 'Webhooks', 'Webhook', 'share alternate', ['view', 'save']),
      e('security', '/sys/security', '安全配置', 'Security', 'セキュリティ', 'shield alternate', ['view', 'save']),
      e('padauth', '/sys/padauth', '平板配置', 'Pad Setting', 'タブレット設定', 'tablet', ['view', 'save']),
      e('blackset', '/sys/blackset', '黑名单设置', 'Blocklist Setting', 'ブラックリスト設定', 'ban', ['view', 'save']),
      e('blacklist', '/sys/blacklist', '黑名单', 'Blocklist', 'ブラックリスト', 'user times', [
        'view',
        'update',
        'export',
      ]),
      e('violationlist', '/sys/violationlist', '违约列表', 'Violation List', '違反一覧', 'exclamation triangle', [
        'view',
        'export',
      ]),
      // No screen: the scope of an API key that reads /metrics (core/modules/metrics, docs/monitoring.md).
      e('metrics', '/sys/metrics', '监控指标', 'Monitoring Metrics', '監視メトリクス', 'chart line', ['view'], true),
    ],
  },
  {
    name: 'inte',
    path: '/inte',
    title: { cn: '集成管理', en: 'Integrations', ja: '連携' },
    icon: 'plug',
    children: [
      e('environment', '/inte/environment', '环境检测', 'Environment Detection', '環境検知', 'thermometer half', [
        'view',
        'save',
      ]),
      e('occupancy', '/inte/occupancy', '人体感应', 'Presence Detection', '在席検知', 'male', ['view', 'save']),
      e('fr', '/inte/fr', '人脸识别', 'Face Recognition', '顔認証', 'smile', ['view', 'save']),
      e('esl', '/inte/esl', '电子标签', 'Electronic Labels', '電子ペーパー', 'tag', ['view', 'save']),
      e('ar', '/inte/ar', '门禁认证', 'Access Control', '入退室管理', 'id card outline', ['view', 'save']),
      e('notify', '/inte/notify', '通知管理', 'Notifications', '通知管理', 'bell outline', ['view', 'save']),
      e('app', '/inte/app', '第三方应用', 'Third-party Apps', '外部アプリ', 'th', ['view', 'save']),
      e('event', '/inte/event', '预约同步', 'Booking Sync', '予約同期', 'sync', ['view', 'save']),
      e('switch', '/inte/switch', '开关设备', 'Switches', 'スイッチ', 'toggle on', ['view', 'save']),
    ],
  },
];

/** Every permission code the product knows, in menu order. */
export function allPermissions(): string[] {
  return MENU.flatMap((s) => s.children.flatMap((c) => c.actions.map((a) => `${s.name}:${c.name}:${a}`)));
}

/** The staff role: the whole booking centre, except booking beyond the maximum duration. */
export function staffPermissions(): string[] {
  return allPermissions().filter((p) => p.startsWith('center:') && p !== 'center:reserve:super');
}
