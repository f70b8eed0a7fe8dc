import type { MessageSet } from './types.ts';

export default {
  en: {
    'notify.templateInvalid': 'The template cannot be used: {problem}',
    'notify.unknownRecipients': 'Unknown users: {names} (use * for everyone)',
  },
  cn: {
    'notify.templateInvalid': '模板不可用：{problem}',
    'notify.unknownRecipients': '用户不存在：{names}（所有人请填 *）',
  },
  ja: {
    'notify.templateInvalid': 'このテンプレートは使用できません：{problem}',
    'notify.unknownRecipients': '存在しないユーザー：{names}（全員は * を指定）',
  },
} satisfies MessageSet;
