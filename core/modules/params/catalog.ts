/**
 * Every system parameter (SPEC.md §9 and the security, blocklist and pad
 * settings), with its type, default, group, whether the console may read it
 * before sign-in, and its explanation in each language (the `remark`).
 */
import { z } from 'zod';
import { flagSet } from './flags.ts';

export type ParamGroup = 'system' | 'booking' | 'security' | 'blocklist' | 'pad' | 'dashboard' | 'logs';

export interface ParamDef {
  key: string;
  group: ParamGroup;
  schema: z.ZodType;
  default: unknown;
  /** Sent by /sys/config/all (to anyone): never anything secret. */
  public: boolean;
  remark: { cn: string; en: string; ja: string };
}

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean());
const typeList = z.string().regex(/^\s*\d+(\s*,\s*\d+)*\s*$|^$/, 'comma-separated resource type ids');
/** Option flags are kept as `|name|name|` (SPEC §9). */
export const OPTION_FLAGS = ['noCC', 'qrInDetail', 'hideRoomTip', 'useCredit', 'copyright'] as const;
const flags = flagSet(OPTION_FLAGS);
export const PAD_AUTH_METHODS = ['password', 'card', 'qr', 'face'] as const;
const padMethods = flagSet(PAD_AUTH_METHODS, 1);

const p = (key: string, group: ParamGroup, schema: z.ZodType, def: unknown, pub: boolean, cn: string, en: string, ja: string): ParamDef =>
  ({ key, group, schema, default: def, public: pub, remark: { cn, en, ja } });

export const PARAMS: readonly ParamDef[] = [
  p('sysLogDays', 'logs', int(0, 3650), 180, false, '系统操作日志保留天数（0 表示不限）', 'Days to keep the operation log (0 keeps forever)', '操作ログの保存日数（0 は無期限）'),
  p('reservationLogDays', 'logs', int(0, 3650), 180, false, '预约日志保留天数（0 表示不限）', 'Days to keep the reservation log (0 keeps forever)', '予約ログの保存日数（0 は無期限）'),
  p('approvalLogDays', 'logs', int(0, 3650), 180, false, '审批日志保留天数（0 表示不限）', 'Days to keep decided approvals (0 keeps forever)', '承認ログの保存日数（0 は無期限）'),
  p('sqlSlowMs', 'logs', int(1, 600_000), 200, false, 'SQL 慢查询阈值（毫秒）', 'Statements slower than this many milliseconds count as slow in the SQL monitor', 'SQL モニターで遅いとみなす実行時間（ミリ秒）'),
  p('availableResource', 'system', typeList, '0,1', true, '可用资源类型（0 会议室，1 工位，逗号分隔）', 'Resource types offered (0 meeting room, 1 desk; comma-separated)', '利用できるリソース種別（0 会議室、1 デスク、カンマ区切り）'),
  p('autoCancelResource', 'booking', typeList, '0,1', false, '未签到自动取消的资源类型', 'Resource types whose bookings are cancelled when nobody checks in', 'チェックインがない場合に自動キャンセルするリソース種別'),
  p('checkInWindowMinutes', 'booking', int(1, 240), 15, true, '开始后可签到的分钟数，超时未签到自动取消', 'Minutes after the start during which check-in is possible before automatic cancellation', '開始後にチェックインできる分数（過ぎると自動キャンセル）'),
  p('checkInEarlyMinutes', 'booking', int(0, 240), 15, true, '开始前可提前签到的分钟数', 'Minutes before the start from which check-in is possible', '開始前にチェックインできる分数'),
  p('usernoAsPass', 'security', bool, false, false, '以工号作为初始密码', 'Use the employee number as the initial password', '社員番号を初期パスワードにする'),
  p('useAttendee', 'booking', bool, true, true, '预约时可选择参会人', 'Bookings may list attendees', '予約で参加者を指定できる'),
  p('bodySensor', 'booking', z.enum(['none', 'on', 'off', 'always']), 'none', true, '人体感应：none 不使用，on 开启，off 关闭，always 常开', 'Presence sensor: none, on, off or always', '人感センサー：none、on、off、always'),
  p('bookNeedPhone', 'booking', bool, false, true, '预约时必须填写电话', 'A phone number is required to book', '予約に電話番号が必須'),
  p('passCodeLength', 'booking', int(4, 8), 6, true, '签到码位数', 'Digits of the check-in code', 'チェックインコードの桁数'),
  p('passcodeUpdatable', 'booking', bool, false, true, '预约人可修改签到码', 'The organiser may change the check-in code', '予約者がチェックインコードを変更できる'),
  p('useBookingByList', 'booking', bool, true, true, '启用列表预约', 'Booking by list is offered', 'リスト予約を使う'),
  p('useBookingByPlan', 'booking', bool, true, true, '启用平面图预约', 'Booking on the floor plan is offered', 'フロアマップ予約を使う'),
  p('useCircleReservation', 'booking', bool, true, true, '启用周期预约', 'Recurring bookings are offered', '定期予約を使う'),
  p('useApproval', 'booking', bool, true, true, '启用审批', 'Approval of bookings is in use', '承認を使う'),
  p('padBooking', 'pad', bool, true, true, '允许在门口平板上预约', 'Door tablets may create bookings', 'ドアタブレットで予約できる'),
  p('padQrCodeBooking', 'pad', bool, true, true, '允许扫码在平板预约', 'Booking by scanning the tablet QR code', 'タブレットの QR コードで予約できる'),
  p('padAuthMethods', 'pad', padMethods, '|password|qr|', false, '平板预约认证方式（至少一种）：|password|card|qr|face|', 'How people authenticate on the tablet (at least one): |password|card|qr|face|', 'タブレットでの認証方法（1 つ以上）：|password|card|qr|face|'),
  p('usernoPattern', 'security', z.string().max(200), '', false, '工号格式（正则表达式，空为不限）', 'Pattern of employee numbers (regular expression; empty accepts any)', '社員番号の形式（正規表現、空は制限なし）'),
  p('resourceSort', 'system', z.enum(['sort', 'name', 'capacity', 'id']), 'sort', true, '资源排序方式：sort、name、capacity、id', 'Resource order: sort, name, capacity or id', 'リソースの並び順：sort、name、capacity、id'),
  p('noPersonEndSeconds', 'pad', int(0, 86_400), 0, true, '无人多少秒后结束会议（0 不结束）', 'Seconds without anyone present before a meeting ends (0 never)', '無人になってから会議を終了するまでの秒数（0 は終了しない）'),
  p('keepButtonDelaySeconds', 'pad', int(0, 3600), 60, true, '显示“保留”按钮前的延迟秒数', 'Delay in seconds before the keep button shows', '「保持」ボタンを表示するまでの秒数'),
  p('options', 'system', flags, '|copyright|', true, '选项开关：|noCC|qrInDetail|hideRoomTip|useCredit|copyright|', 'Option flags: |noCC|qrInDetail|hideRoomTip|useCredit|copyright|', 'オプションフラグ：|noCC|qrInDetail|hideRoomTip|useCredit|copyright|'),
  p('bookingDaysAhead', 'booking', int(0, 3650), 90, true, '可提前预约的天数（0 不限）', 'How many days ahead one may book (0 unlimited)', '何日先まで予約できるか（0 は無制限）'),
  p('bookingCountLimit', 'booking', int(0, 1000), 0, true, '每人有效预约数上限（0 不限）', 'Active bookings one person may hold (0 unlimited)', '1 人が持てる有効な予約数（0 は無制限）'),
  p('showOthersSubject', 'booking', bool, true, true, '在状态表中显示他人会议主题', 'Show other people\'s subjects in the grid', '状況表に他人の件名を表示する'),
  p('reportRowLimit', 'system', int(1, 1_000_000), 100_000, false, '报表最多导出行数，超出需先筛选', 'Most rows a report may export; above it, filter first', 'レポートに出力できる最大行数（超える場合は絞り込み）'),
  p('clientLogEnabled', 'system', bool, false, true, '记录浏览器端错误日志', 'Keep the console\'s error reports in the server log', 'ブラウザのエラーをサーバーログに記録する'),
  p('dashboardEnvSlideSeconds', 'dashboard', int(3, 3600), 10, true, '数据看板环境数据轮播秒数', 'Seconds each environment page shows on the wall dashboard', 'ダッシュボードの環境情報の切替秒数'),
  p('dashboardBookingSlideSeconds', 'dashboard', int(3, 3600), 10, true, '数据看板预约列表轮播秒数', 'Seconds each booking list page shows on the wall dashboard', 'ダッシュボードの予約一覧の切替秒数'),
  p('passwordMinLength', 'security', int(1, 50), 8, true, '密码最小长度', 'Minimum password length', 'パスワードの最小長'),
  p('passwordMaxLength', 'security', int(1, 50), 50, true, '密码最大长度', 'Maximum password length', 'パスワードの最大長'),
  p('passwordDigits', 'security', bool, true, true, '密码须含数字', 'Passwords need a digit', 'パスワードに数字が必要'),
  p('passwordLower', 'security', bool, true, true, '密码须含小写字母', 'Passwords need a lower-case letter', 'パスワードに小文字が必要'),
  p('passwordUpper', 'security', bool, false, true, '密码须含大写字母', 'Passwords need an upper-case letter', 'パスワードに大文字が必要'),
  p('passwordSpecial', 'security', bool, false, true, '密码须含特殊字符', 'Passwords need a special character', 'パスワードに記号が必要'),
  p('passwordValidityDays', 'security', int(0, 3650), 0, false, '密码有效天数（0 永不过期）', 'Days a password stays valid (0 never expires)', 'パスワードの有効日数（0 は無期限）'),
  p('passwordPromptDays', 'security', int(1, 3650), 7, false, '密码过期前提前提醒天数', 'Days before expiry to start reminding', '期限切れの何日前から通知するか'),
  p('lockoutAttempts', 'security', int(0, 100), 5, false, '连续登录失败多少次锁定账号（0 不锁定）', 'Failed sign-ins in a row that lock the account (0 never locks)', '連続ログイン失敗で何回目にロックするか（0 はロックしない）'),
  p('lockoutMinutes', 'security', int(1, 10_080), 30, false, '账号锁定分钟数', 'Minutes an account stays locked', 'アカウントのロック時間（分）'),
  p('localLoginEnabled', 'security', bool, true, true, '允许本地账号登录', 'Local accounts may sign in', 'ローカルアカウントでのログインを許可'),
  p('captchaEnabled', 'security', bool, true, true, '登录需要验证码', 'Sign-in asks for a CAPTCHA', 'ログインに認証コードを使う'),
  p('registerEnabled', 'security', bool, false, true, '登录页显示注册链接', 'Show the register link on the login page', 'ログイン画面に登録リンクを表示'),
  p('blocklistEnabled', 'blocklist', bool, true, false, '启用黑名单', 'No-shows lead to the blocklist', 'ブラックリストを使う'),
  p('blocklistMaxViolations', 'blocklist', int(1, 1000), 3, false, '统计周期内违约多少次加入黑名单', 'Violations within the period that put a user on the blocklist', '期間内に何回の違反でブラックリストに入れるか'),
  p('blocklistPeriodDays', 'blocklist', int(1, 3650), 30, false, '违约统计周期（天）', 'Statistics period for violations, in days', '違反の集計期間（日）'),
  p('blocklistDisableDays', 'blocklist', int(1, 3650), 7, false, '加入黑名单后禁止预约的天数', 'Days a blocklisted user may not book', 'ブラックリスト入り後に予約できない日数'),
];

export const PARAM_BY_KEY: ReadonlyMap<string, ParamDef> = new Map(PARAMS.map((d) => [d.key, d]));
