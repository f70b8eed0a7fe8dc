import type { MessageSet } from './types.ts';

export default {
  en: {
    'inte.unknownProvider': 'Provider "{provider}" is not installed for this kind',
    'inte.outboxDone': 'This delivery is done or in progress and cannot be retried',
  },
  cn: {
    'inte.unknownProvider': '此类集成未安装提供方“{provider}”',
    'inte.outboxDone': '该投递已完成或正在进行，不能重试',
  },
  ja: {
    'inte.unknownProvider': 'この種類にはプロバイダー「{provider}」がインストールされていません',
    'inte.outboxDone': 'この配信は完了済みまたは処理中のため再試行できません',
  },
} satisfies MessageSet;
