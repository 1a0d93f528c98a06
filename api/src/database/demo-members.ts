/**
 * Members `npm run dev` creates so a newcomer can log in at once, each paired with a funded demo
 * wallet of the local chain (contracts/src/demo-wallets.ts) to import into a browser wallet.
 * Local development only: the seed refuses to run in production.
 */
export const demoMembers = [
  {
    fullname: 'Ada Lovelace',
    email: 'ada@demo.lendpath.test',
    phone: '+44 20 7946 0001',
    password: 'analytical-engine-1843',
    wallet: 'Demo wallet 1',
  },
  {
    fullname: 'Grace Hopper',
    email: 'grace@demo.lendpath.test',
    phone: '+1 212 555 0106',
    password: 'compiler-moth-1947',
    wallet: 'Demo wallet 2',
  },
] as const;
