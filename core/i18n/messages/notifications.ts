import type { MessageSet } from './types.ts';

export default {
  en: {
    'notify.templateInvalid': 'The template cannot be used: {problem}',
    'notify.templateRaw': 'raw output ({{{ }}} or {{& }}) is not allowed',
    'notify.templatePartial': 'partials such as {{> {name}}} are not available in notification templates',
    'notify.templateDecorator': 'decorators such as {{* {name}}} are not available in notification templates',
    'notify.unknownRecipients': 'Unknown users: {names} (use * for everyone)',
  },
  cn: {
    'notify.templateInvalid': '模板不可用：{problem}',
    'notify.templateRaw': '不允许原样输出（{{{ }}} 或 {{& }}）',
    'notify.templatePartial': '通知模板不支持局部模板（如 {{> {name}}}）',
    'notify.templateDecorator': '通知模板不支持装饰器（如 {{* {name}}}）',
    'notify.unknownRecipients': '用户不存在：{names}（所有人请填 *）',
  },
  ja: {
    'notify.templateInvalid': 'このテンプレートは使用できません：{problem}',
    'notify.templateRaw': 'そのままの出力（{{{ }}} や {{& }}）は使えません',
    'notify.templatePartial': '通知テンプレートではパーシャル（{{> {name}}} など）は使えません',
    'notify.templateDecorator': '通知テンプレートではデコレーター（{{* {name}}} など）は使えません',
    'notify.unknownRecipients': '存在しないユーザー：{names}（全員は * を指定）',
  },
} satisfies MessageSet;
