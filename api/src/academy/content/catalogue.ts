import { arbitrumAndLayer2s } from './courses/arbitrum-and-layer-2s';
import { lendingOnLendpath } from './courses/lending-on-lendpath';
import { moneyAndBlockchains } from './courses/money-and-blockchains';
import { recognizingScams } from './courses/recognizing-scams';
import { stablecoinsAndUsdc } from './courses/stablecoins-and-usdc';
import { walletsAndKeySafety } from './courses/wallets-and-key-safety';
import type { SeedCategory, SeedCourse } from './types';

/**
 * The Academy's categories, in the order they are shown. A slug is the title in lower case with
 * spaces replaced by hyphens and '&' dropped.
 */
export const academyCategories: SeedCategory[] = [
  { slug: 'crypto-basics', title: 'Crypto Basics' },
  { slug: 'stablecoins-networks', title: 'Stablecoins & Networks' },
  { slug: 'lending-safety', title: 'Lending & Safety' },
];

/**
 * The Academy's courses, in the order they are shown: from the foundations to lending on this
 * platform. Figures are in `api/content/academy` (covers 1200×675, section images 1200×600).
 */
export const academyCourses: SeedCourse[] = [
  moneyAndBlockchains,
  walletsAndKeySafety,
  stablecoinsAndUsdc,
  arbitrumAndLayer2s,
  lendingOnLendpath,
  recognizingScams,
];
