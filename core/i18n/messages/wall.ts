import type { MessageSet } from './types.ts';

// The wall screen on a device credential (docs/product-rules.md R19.12).
export default {
  en: {
    'tablets.wallName': 'Wall screen',
  },
  cn: {
    'tablets.wallName': '大屏',
  },
  ja: {
    'tablets.wallName': 'ウォールスクリーン',
  },
} satisfies MessageSet;
