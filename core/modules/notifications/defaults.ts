/**
 * The templates every installation starts with (seeded once per event and
 * language; administrators edit them afterwards). Content is HTML; values are
 * escaped by the renderer.
 */
import type { Lang } from '../../i18n/index.ts';
import type { TemplateEvent } from './events.ts';

type Pair = [subject: string, content: string];

const when = {
  en: '{{booking.resourceName}} ({{booking.location}} {{booking.floor}}), {{booking.meetingDate}} {{booking.startTime}}–{{booking.endTime}} ({{booking.timeZone}})',
  cn: '{{booking.resourceName}}（{{booking.location}} {{booking.floor}}），{{booking.meetingDate}} {{booking.startTime}}–{{booking.endTime}}（{{booking.timeZone}}）',
  ja: '{{booking.resourceName}}（{{booking.location}} {{booking.floor}}）、{{booking.meetingDate}} {{booking.startTime}}–{{booking.endTime}}（{{booking.timeZone}}）',
};
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');
/** The check-in code's line, left out of the messages whose readers are not given the code (guests, approvers). */
const code = {
  en: '\n{{#if booking.checkInCode}}<p>Check-in code: {{booking.checkInCode}}</p>{{/if}}',
  cn: '\n{{#if booking.checkInCode}}<p>签到码：{{booking.checkInCode}}</p>{{/if}}',
  ja: '\n{{#if booking.checkInCode}}<p>チェックインコード：{{booking.checkInCode}}</p>{{/if}}',
};

export const DEFAULT_TEMPLATES: Readonly<Record<TemplateEvent, Record<Lang, Pair>>> = {
  'booking.created': {
    en: [
      '{{#if booking.pending}}Awaiting approval{{else}}Booked{{/if}}: {{booking.subject}}',
      p('Hello {{recipient.name}},', '{{booking.organiser}} booked “{{booking.subject}}”: ' + when.en + '.') + code.en,
    ],
    cn: [
      '{{#if booking.pending}}预约待审批{{else}}预约成功{{/if}}：{{booking.subject}}',
      p('{{recipient.name}}，您好：', '{{booking.organiser}} 预约了“{{booking.subject}}”：' + when.cn + '。') + code.cn,
    ],
    ja: [
      '{{#if booking.pending}}予約承認待ち{{else}}予約完了{{/if}}：{{booking.subject}}',
      p(
        '{{recipient.name}} 様',
        '{{booking.organiser}} さんが「{{booking.subject}}」を予約しました：' + when.ja + '。',
      ) + code.ja,
    ],
  },
  'booking.updated': {
    en: [
      'Changed: {{booking.subject}}',
      p('Hello {{recipient.name}},', 'The booking “{{booking.subject}}” was changed. It is now: ' + when.en + '.'),
    ],
    cn: [
      '预约变更：{{booking.subject}}',
      p('{{recipient.name}}，您好：', '预约“{{booking.subject}}”已变更，现为：' + when.cn + '。'),
    ],
    ja: [
      '予約変更：{{booking.subject}}',
      p('{{recipient.name}} 様', '予約「{{booking.subject}}」が変更されました。変更後：' + when.ja + '。'),
    ],
  },
  'booking.cancelled': {
    en: [
      'Cancelled: {{booking.subject}}',
      p(
        'Hello {{recipient.name}},',
        'The booking “{{booking.subject}}” (' + when.en + ') was cancelled.',
        '{{#if reason}}Reason: {{reason}}{{/if}}',
      ),
    ],
    cn: [
      '预约取消：{{booking.subject}}',
      p(
        '{{recipient.name}}，您好：',
        '预约“{{booking.subject}}”（' + when.cn + '）已取消。',
        '{{#if reason}}原因：{{reason}}{{/if}}',
      ),
    ],
    ja: [
      '予約取消：{{booking.subject}}',
      p(
        '{{recipient.name}} 様',
        '予約「{{booking.subject}}」（' + when.ja + '）は取り消されました。',
        '{{#if reason}}理由：{{reason}}{{/if}}',
      ),
    ],
  },
  'booking.reminder': {
    en: [
      'Reminder: {{booking.subject}} at {{booking.startTime}}',
      p('Hello {{recipient.name}},', '“{{booking.subject}}” starts soon: ' + when.en + '.') + code.en,
    ],
    cn: [
      '会议提醒：{{booking.subject}}（{{booking.startTime}}）',
      p('{{recipient.name}}，您好：', '“{{booking.subject}}”即将开始：' + when.cn + '。') + code.cn,
    ],
    ja: [
      'リマインダー：{{booking.subject}}（{{booking.startTime}}）',
      p('{{recipient.name}} 様', '「{{booking.subject}}」がまもなく始まります：' + when.ja + '。') + code.ja,
    ],
  },
  'booking.approvalRequested': {
    en: [
      'Approval requested: {{booking.subject}}',
      p(
        'Hello {{recipient.name}},',
        '{{booking.organiser}} asks to book ' +
          when.en +
          ' for “{{booking.subject}}”. Please approve or deny it in <a href="{{links.approvals}}">My Approval</a>.',
      ),
    ],
    cn: [
      '待审批：{{booking.subject}}',
      p(
        '{{recipient.name}}，您好：',
        '{{booking.organiser}} 申请预约 ' +
          when.cn +
          '，主题“{{booking.subject}}”。请在<a href="{{links.approvals}}">“我的审批”</a>中处理。',
      ),
    ],
    ja: [
      '承認依頼：{{booking.subject}}',
      p(
        '{{recipient.name}} 様',
        '{{booking.organiser}} さんが ' +
          when.ja +
          ' を「{{booking.subject}}」で予約申請しました。<a href="{{links.approvals}}">マイ承認</a>で承認または却下してください。',
      ),
    ],
  },
  'booking.approved': {
    en: [
      'Approved: {{booking.subject}}',
      p('Hello {{recipient.name}},', 'The booking “{{booking.subject}}” was approved: ' + when.en + '.') + code.en,
    ],
    cn: [
      '审批通过：{{booking.subject}}',
      p('{{recipient.name}}，您好：', '预约“{{booking.subject}}”已审批通过：' + when.cn + '。') + code.cn,
    ],
    ja: [
      '承認済み：{{booking.subject}}',
      p('{{recipient.name}} 様', '予約「{{booking.subject}}」が承認されました：' + when.ja + '。') + code.ja,
    ],
  },
  'booking.denied': {
    en: [
      'Denied: {{booking.subject}}',
      p(
        'Hello {{recipient.name}},',
        'The booking request “{{booking.subject}}” (' + when.en + ') was denied.',
        '{{#if reason}}Reason: {{reason}}{{/if}}',
      ),
    ],
    cn: [
      '审批未通过：{{booking.subject}}',
      p(
        '{{recipient.name}}，您好：',
        '预约申请“{{booking.subject}}”（' + when.cn + '）未通过审批。',
        '{{#if reason}}原因：{{reason}}{{/if}}',
      ),
    ],
    ja: [
      '却下：{{booking.subject}}',
      p(
        '{{recipient.name}} 様',
        '予約申請「{{booking.subject}}」（' + when.ja + '）は却下されました。',
        '{{#if reason}}理由：{{reason}}{{/if}}',
      ),
    ],
  },
  'booking.expired': {
    en: [
      'Request expired: {{booking.subject}}',
      p(
        'Hello {{recipient.name}},',
        'Nobody decided on the booking request “{{booking.subject}}” (' +
          when.en +
          ') in time; it has expired and the time is free again.',
      ),
    ],
    cn: [
      '审批已过期：{{booking.subject}}',
      p(
        '{{recipient.name}}，您好：',
        '预约申请“{{booking.subject}}”（' + when.cn + '）未在期限内审批，已过期，时段已释放。',
      ),
    ],
    ja: [
      '申請期限切れ：{{booking.subject}}',
      p(
        '{{recipient.name}} 様',
        '予約申請「{{booking.subject}}」（' +
          when.ja +
          '）は期限内に承認されず失効しました。時間枠は解放されています。',
      ),
    ],
  },
  'booking.revoked': {
    en: [
      'Request withdrawn: {{booking.subject}}',
      p(
        'Hello {{recipient.name}},',
        '{{booking.organiser}} withdrew the booking request “{{booking.subject}}” (' +
          when.en +
          '). Nothing is left to decide.',
      ),
    ],
    cn: [
      '申请已撤回：{{booking.subject}}',
      p(
        '{{recipient.name}}，您好：',
        '{{booking.organiser}} 撤回了预约申请“{{booking.subject}}”（' + when.cn + '），无需再审批。',
      ),
    ],
    ja: [
      '申請取り下げ：{{booking.subject}}',
      p(
        '{{recipient.name}} 様',
        '{{booking.organiser}} さんが予約申請「{{booking.subject}}」（' +
          when.ja +
          '）を取り下げました。承認は不要です。',
      ),
    ],
  },
  'booking.autoCancelled': {
    en: [
      'Cancelled for no check-in: {{booking.subject}}',
      p(
        'Hello {{recipient.name}},',
        'Nobody checked in to “{{booking.subject}}” (' +
          when.en +
          '), so it was cancelled and the room released. This counts as a violation.',
      ),
    ],
    cn: [
      '未签到自动取消：{{booking.subject}}',
      p(
        '{{recipient.name}}，您好：',
        '“{{booking.subject}}”（' + when.cn + '）未按时签到，已自动取消并释放会议室，并记一次违约。',
      ),
    ],
    ja: [
      '未チェックインによる自動取消：{{booking.subject}}',
      p(
        '{{recipient.name}} 様',
        '「{{booking.subject}}」（' +
          when.ja +
          '）にチェックインがなかったため自動で取り消され、会議室は解放されました。違反として記録されます。',
      ),
    ],
  },
  'user.violation': {
    en: [
      'A violation was recorded',
      p(
        'Hello {{recipient.name}},',
        'A no-show was recorded for you. Violations in the current period: {{violationCount}}. Reaching the limit puts you on the blocklist.',
      ),
    ],
    cn: [
      '违约记录通知',
      p(
        '{{recipient.name}}，您好：',
        '您有一次未签到违约记录。本统计周期内违约次数：{{violationCount}}。达到上限将被加入黑名单。',
      ),
    ],
    ja: [
      '違反が記録されました',
      p(
        '{{recipient.name}} 様',
        '無断欠席が記録されました。今期間の違反回数：{{violationCount}}。上限に達するとブラックリストに登録されます。',
      ),
    ],
  },
  'user.blocklisted': {
    en: [
      'You are on the blocklist',
      p('Hello {{recipient.name}},', 'After {{violationCount}} violations you may not book until {{releaseDate}}.'),
    ],
    cn: [
      '您已被加入黑名单',
      p('{{recipient.name}}，您好：', '因违约 {{violationCount}} 次，您在 {{releaseDate}} 之前不能预约。'),
    ],
    ja: [
      'ブラックリストに登録されました',
      p('{{recipient.name}} 様', '違反が {{violationCount}} 回に達したため、{{releaseDate}} まで予約できません。'),
    ],
  },
  'user.released': {
    en: [
      'You may book again',
      p('Hello {{recipient.name}},', 'You were released from the blocklist and may book again.'),
    ],
    cn: ['您已解除黑名单', p('{{recipient.name}}，您好：', '您已从黑名单中解除，可以重新预约。')],
    ja: [
      'ブラックリストが解除されました',
      p('{{recipient.name}} 様', 'ブラックリストから解除されました。再び予約できます。'),
    ],
  },
  'user.passwordExpiring': {
    en: [
      'Your password expires in {{daysLeft}} days',
      p(
        'Hello {{recipient.name}},',
        'Your Atrium password expires in {{daysLeft}} days. Please change it after signing in.',
      ),
    ],
    cn: [
      '您的密码将在 {{daysLeft}} 天后过期',
      p('{{recipient.name}}，您好：', '您的 Atrium 密码将在 {{daysLeft}} 天后过期，请登录后修改。'),
    ],
    ja: [
      'パスワードの有効期限まで残り {{daysLeft}} 日',
      p(
        '{{recipient.name}} 様',
        'Atrium のパスワードはあと {{daysLeft}} 日で期限切れになります。ログイン後に変更してください。',
      ),
    ],
  },
};
