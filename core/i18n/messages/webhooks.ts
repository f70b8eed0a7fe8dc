import type { MessageSet } from './types.ts';

// Webhook subscriptions (docs/product-rules.md R24).
export default {
  en: {
    'webhooks.badUrl': 'The address must be an http or https URL',
    'webhooks.unresolved': 'The host name {host} cannot be resolved',
    'webhooks.privateUrl':
      'The address {host} is private, loopback or link-local; an administrator may allow such addresses with the webhookAllowPrivate parameter',
    'webhooks.noEvents': 'Choose at least one event',
    'webhooks.unknownEvent': 'There is no event {event}',
    'webhooks.notWithKey': 'Webhook secrets cannot be made or rotated with an API key',
    'webhooks.disabledSubject': 'Webhook endpoint {name} was disabled',
    'webhooks.disabledText':
      'Deliveries to the webhook endpoint {name} ({url}) have failed since {since} (UTC), more than a day: it was disabled. Check the receiver, then enable the endpoint again in System > Webhooks.',
  },
  cn: {
    'webhooks.badUrl': '地址必须是 http 或 https URL',
    'webhooks.unresolved': '无法解析主机名 {host}',
    'webhooks.privateUrl': '地址 {host} 是内网、回环或链路本地地址；管理员可通过参数 webhookAllowPrivate 允许此类地址',
    'webhooks.noEvents': '请至少选择一个事件',
    'webhooks.unknownEvent': '没有事件 {event}',
    'webhooks.notWithKey': '不能使用 API 密钥创建或轮换 Webhook 密钥',
    'webhooks.disabledSubject': 'Webhook 端点 {name} 已被停用',
    'webhooks.disabledText':
      '自 {since}（UTC）起向 Webhook 端点 {name}（{url}）的投递一直失败，已超过一天，端点已停用。请检查接收方，然后在 系统管理 > Webhooks 中重新启用。',
  },
  ja: {
    'webhooks.badUrl': 'アドレスは http または https の URL でなければなりません',
    'webhooks.unresolved': 'ホスト名 {host} を解決できません',
    'webhooks.privateUrl':
      'アドレス {host} はプライベート、ループバックまたはリンクローカルです。管理者はパラメーター webhookAllowPrivate でこのようなアドレスを許可できます',
    'webhooks.noEvents': 'イベントを一つ以上選んでください',
    'webhooks.unknownEvent': 'イベント {event} はありません',
    'webhooks.notWithKey': 'API キーでは Webhook のシークレットを作成・ローテーションできません',
    'webhooks.disabledSubject': 'Webhook エンドポイント {name} が無効になりました',
    'webhooks.disabledText':
      'Webhook エンドポイント {name}（{url}）への配信が {since}（UTC）から一日以上失敗し続けたため、無効にしました。受信側を確認してから、システム管理 > Webhooks で再び有効にしてください。',
  },
} satisfies MessageSet;
