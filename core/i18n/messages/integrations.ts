import type { MessageSet } from './types.ts';

export default {
  en: {
    'inte.unknownProvider': 'Provider "{provider}" is not installed for this kind',
    'inte.outboxDone': 'This delivery is done or in progress and cannot be retried',
    'inte.noDevices': 'This kind of integration has no devices to list',
    'inte.secretRetype': '{fields} changed: the stored secret is not sent to a new address; type it again',
  },
  cn: {
    'inte.unknownProvider': '此类集成未安装提供方“{provider}”',
    'inte.outboxDone': '该投递已完成或正在进行，不能重试',
    'inte.noDevices': '此类集成没有可列出的设备',
    'inte.secretRetype': '{fields} 已更改：已保存的密钥不会发送到新地址，请重新输入',
  },
  ja: {
    'inte.unknownProvider': 'この種類にはプロバイダー「{provider}」がインストールされていません',
    'inte.outboxDone': 'この配信は完了済みまたは処理中のため再試行できません',
    'inte.noDevices': 'この種類の連携には一覧にできるデバイスがありません',
    'inte.secretRetype':
      '{fields} が変更されました：保存済みのシークレットは新しい宛先へ送られません。もう一度入力してください',
  },
} satisfies MessageSet;
