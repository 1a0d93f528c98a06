/**
 * The community's categories (everywhere) and the demo members' welcome posts (local development
 * only). Slugs are stable keys of our own, never shown; authors are demo members by email (see
 * `api/src/database/demo-members.ts`).
 */
export const communityCategories: { slug: string; title: string }[] = [
  { slug: 'general', title: 'General' },
  { slug: 'introductions', title: 'Introductions' },
  { slug: 'academy-help', title: 'Academy Help' },
  { slug: 'lending', title: 'Lending' },
  { slug: 'market-talk', title: 'Market Talk' },
  { slug: 'safety-alerts', title: 'Safety Alerts' },
];

export const welcomePosts: {
  slug: string;
  categorySlug: string;
  authorEmail: string;
  content: string;
}[] = [
  {
    slug: 'welcome-to-the-community',
    categorySlug: 'general',
    authorEmail: 'ada@demo.lendpath.test',
    content:
      'Welcome to the LendPath community! This is the place to ask questions, share what you are learning and help each other out. Be kind, stay curious, and never share your seed phrase with anyone.',
  },
  {
    slug: 'hello-from-grace',
    categorySlug: 'introductions',
    authorEmail: 'grace@demo.lendpath.test',
    content:
      'Hi everyone, I am Grace. I am new to crypto and working through the Academy one module at a time. Say hello and tell us what brought you here!',
  },
  {
    slug: 'start-with-the-basics',
    categorySlug: 'academy-help',
    authorEmail: 'ada@demo.lendpath.test',
    content:
      'New to all this? Start with "Money and Blockchains: The Basics", then "Wallets and Keeping Your Keys Safe". Stuck on a quiz question? Try the Show Hint button, and feel free to ask here.',
  },
  {
    slug: 'before-your-first-loan',
    categorySlug: 'lending',
    authorEmail: 'grace@demo.lendpath.test',
    content:
      'Tip before your first loan: read the "How Peer-to-Peer Lending Works on LendPath" course. Loans are unsecured, so only lend what you could afford to lose, and keep a little ETH in your wallet for gas.',
  },
  {
    slug: 'market-talk-ground-rules',
    categorySlug: 'market-talk',
    authorEmail: 'ada@demo.lendpath.test',
    content:
      'Market Talk is for chatting about prices and news. Opinions shared here are not financial advice, so please do your own research and be wary of anyone promising guaranteed returns.',
  },
  {
    slug: 'no-one-will-dm-you-for-your-seed-phrase',
    categorySlug: 'safety-alerts',
    authorEmail: 'grace@demo.lendpath.test',
    content:
      'Reminder: nobody from LendPath will ever message you first or ask for your seed phrase. If someone does, use Report Post and Block User, and warn others here.',
  },
];
