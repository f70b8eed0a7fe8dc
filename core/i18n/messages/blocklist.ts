import type { MessageSet } from './types.ts';

export default {
  en: {
    'blocklist.alreadyReleased': 'This user has already been released from the blocklist',
  },
  cn: {
    'blocklist.alreadyReleased': '该用户已从黑名单中解除',
  },
  ja: {
    'blocklist.alreadyReleased': 'このユーザーはすでにブラックリストから解除されています',
  },
} satisfies MessageSet;
