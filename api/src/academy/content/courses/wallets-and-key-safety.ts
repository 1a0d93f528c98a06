import type { SeedCourse } from '../types';

export const walletsAndKeySafety: SeedCourse = {
  slug: 'wallets-and-key-safety',
  categorySlug: 'crypto-basics',
  title: 'Wallets and Keeping Your Keys Safe',
  description:
    'What a wallet really holds, how to protect your seed phrase, and how to sign approvals without handing your funds away.',
  overview:
    'In crypto, whoever holds the keys holds the money, and there is no bank to call if they are lost or stolen. This course explains what a wallet actually stores, the difference between custodial and self-custody wallets, and why LendPath asks you to sign everything with your own wallet. You will learn how to back up a seed phrase properly, when a hardware wallet is worth it, which everyday habits prevent most losses, and how token approvals and permit signatures work, so you can recognize a harmless request from one that could empty your wallet.',
  rating: 4.8,
  coverImage: '/content/academy/covers/wallets-and-key-safety.svg',
  modules: [
    {
      slug: 'what-a-wallet-holds',
      title: 'What a Wallet Really Holds',
      sections: [
        { type: 'subheading', content: 'A wallet holds keys, not coins' },
        {
          type: 'paragraph',
          content:
            'Your crypto does not live inside your wallet app. Balances live on the blockchain, recorded against addresses. What a wallet holds is the private key that controls an address, together with software that shows your balances and signs transactions for you.',
        },
        {
          type: 'paragraph',
          content:
            'A private key is a very large random number. From it, the wallet computes a public key and, from that, your address. The mathematics works in one direction only: anyone can see your address, but nobody can work backwards from it to your private key.',
        },
        {
          type: 'image',
          content:
            'A private key produces a public key, which produces an address. The arrows only go one way: the private key signs, and the address receives.',
          url: '/content/academy/sections/wallet-keys-address.svg',
        },
        { type: 'subheading', content: 'Signing: proving it is you' },
        {
          type: 'paragraph',
          content:
            'When you approve a transaction, the wallet uses the private key to produce a digital signature. Nodes can check that the signature matches your address without ever seeing the key. This is how the network knows a payment was authorized by the owner of the funds.',
        },
        {
          type: 'paragraph',
          content:
            'It also means that anyone who gets your private key, or the seed phrase it comes from, can sign as you. They do not need your password, your phone or your email. There is no "forgot password" on a blockchain and no way to cancel a stolen key: the only remedy is to move your funds to a new wallet before the thief does.',
        },
        { type: 'subheading', content: 'Custodial and self-custody wallets' },
        {
          type: 'paragraph',
          content:
            'With a custodial service, such as an account at an exchange, the company holds the keys and you hold a login. It is convenient, and they can help if you forget your password, but you rely on them to stay solvent, honest and open. If they pause withdrawals, you wait.',
        },
        {
          type: 'paragraph',
          content:
            'With a self-custody (non-custodial) wallet, such as a browser extension, a mobile app or a hardware wallet, you hold the keys yourself. Nobody can move your funds without your signature, but nobody can recover the wallet for you either. (Some tokens, USDC among them, can still be frozen by their issuer; the stablecoin course explains how.)',
        },
        {
          type: 'paragraph',
          content:
            'LendPath is non-custodial. You connect your own wallet, and every loan action, whether requesting, funding or repaying, is a transaction you sign yourself. No LendPath server holds a key that can move your funds.',
        },
        { type: 'subheading', content: 'Connecting to a website' },
        {
          type: 'paragraph',
          content:
            'When you connect your wallet to a website such as LendPath, the site learns your address and can ask your wallet to sign things. It cannot take anything on its own: every transaction and signature appears in your wallet first, for you to approve or reject. It is still good practice to disconnect from sites you no longer use.',
        },
        { type: 'subheading', content: 'One address, many networks' },
        {
          type: 'paragraph',
          content:
            'An Ethereum-style address is the same on every compatible network, including Ethereum and Arbitrum. That is handy, but it also means the balance your wallet shows depends on which network it is looking at. If your USDC seems to have vanished, first check that your wallet is connected to the network where you actually hold it.',
        },
      ],
      quiz: [
        {
          question: 'Where are your crypto balances actually recorded?',
          choices: [
            'Inside the wallet app on your phone',
            'On the blockchain, against your address',
            "On the wallet company's servers",
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'If you deleted the wallet app, would the blockchain forget your balance?',
        },
        {
          question: 'Can someone work out your private key from your address?',
          choices: [
            'Yes, with a block explorer',
            'Yes, if they also know your email',
            'No: the mathematics only works in one direction',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Addresses are shared publicly all the time. Would that be safe if they revealed the key?',
        },
        {
          question: 'What can a person do with your seed phrase?',
          choices: [
            'Sign transactions as you and move your funds',
            'Only see your balance',
            "Nothing without your phone's passcode",
          ],
          correct_answer_index: 0,
          reflection_prompt: 'What does the seed phrase let a wallet rebuild, on any device?',
        },
        {
          question: 'Which statement about LendPath is true?',
          choices: [
            "LendPath keeps members' keys to make lending easier",
            'Every loan action is a transaction you sign with your own wallet',
            'LendPath can move your USDC if you forget to repay',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'What does non-custodial mean about who holds the keys?',
        },
        {
          question:
            'After connecting, your wallet shows no USDC although you hold some. What should you check first?',
          choices: [
            'Whether you should share your seed phrase with support',
            'Whether the blockchain has deleted old balances',
            'Whether your wallet is connected to the network where you hold the USDC',
            'Whether your browser needs reinstalling',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'The same address exists on many networks. Which one is your wallet looking at?',
        },
      ],
    },
    {
      slug: 'seed-phrases',
      title: 'Your Seed Phrase: Write It, Hide It, Never Share It',
      sections: [
        { type: 'subheading', content: 'What a seed phrase is' },
        {
          type: 'paragraph',
          content:
            'When you create a self-custody wallet, it shows you a recovery phrase, also called a seed phrase: usually 12 or 24 ordinary words in a set order. Most wallets follow a standard called BIP-39, in which the words come from a fixed list of 2,048. From that phrase, a wallet can regenerate all of your private keys and addresses on any compatible device.',
        },
        {
          type: 'paragraph',
          content:
            'In other words, the seed phrase is the wallet. Whoever has those words, in that order, has your funds. If you lose both the phrase and the device, nobody can get your funds back: not the wallet maker, not LendPath, not anyone.',
        },
        { type: 'subheading', content: 'Write it down, offline' },
        {
          type: 'paragraph',
          content:
            'Write the words on paper, in order, and check them carefully against the screen. Keep the paper somewhere private and protected from fire and water; some people stamp or engrave the words on metal for durability. Think about whether a trusted person should know how to find it if something happens to you.',
        },
        {
          type: 'paragraph',
          content:
            'Do not put the phrase into anything connected to the internet: no screenshots, no photos, no notes apps, no cloud drives and no emails to yourself. Photos and cloud backups are exactly what malware and account takeovers search for, and a phrase stored there can be stolen without you noticing.',
        },
        {
          type: 'image',
          content:
            'Left: a seed phrase handwritten on paper and stored away, marked with a tick. Right: a phone screenshot of the phrase being uploaded to the cloud, crossed out.',
          url: '/content/academy/sections/seed-phrase-paper-vs-screenshot.svg',
        },
        { type: 'subheading', content: 'Never share it, with anyone' },
        {
          type: 'paragraph',
          content:
            'No legitimate person or service will ever ask for your seed phrase or private key: not LendPath, not a wallet maker, not an exchange, not a "support agent" and not a giveaway. The only time you type it is when you yourself restore your wallet in official wallet software that you installed from the maker\'s real website or app store listing.',
        },
        {
          type: 'paragraph',
          content:
            'Be especially wary of websites and pop-ups asking you to "validate", "synchronize" or "unlock" your wallet by entering your phrase. These are phishing pages. A real wallet never needs the phrase to connect to a website: it connects and signs without ever revealing it.',
        },
        { type: 'subheading', content: 'If you think it has been exposed' },
        {
          type: 'paragraph',
          content:
            'If your phrase may have been seen, photographed or typed into a suspicious site, treat the wallet as compromised. Create a brand-new wallet with a new phrase on a device you trust, then move your funds to it as soon as you can. Changing your phone or computer password does not help, because the thief does not need your device.',
        },
        {
          type: 'paragraph',
          content:
            'Moving funds needs a little ETH for gas in the old wallet. If someone is already draining it, act quickly and move the most valuable assets first. Afterwards, stop using the old address entirely.',
        },
      ],
      quiz: [
        {
          question: 'What can be regenerated from a seed phrase?',
          choices: [
            "All of the wallet's private keys and addresses",
            'Only your most recent transaction',
            'Your LendPath account password',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'Why would a wallet show you the phrase when you first set it up?',
        },
        {
          question: 'Which is the safest way to back up a seed phrase?',
          choices: [
            'A screenshot in your photo gallery',
            'An email to yourself',
            'Written on paper or metal and stored privately offline',
            'A note in a cloud-synced notes app',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Which of these could malware or someone who takes over an online account reach?',
        },
        {
          question:
            'A "LendPath support agent" messages you, asking for your seed phrase so they can fix a loan. What is this?',
          choices: [
            'A normal verification step',
            'A scam: no legitimate service ever asks for your seed phrase',
            'Fine, as long as they have a verified badge',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Does any real service need your phrase to help you? What could the sender do with it?',
        },
        {
          question:
            'A website asks you to "validate your wallet" by typing in your seed phrase. What should you do?',
          choices: [
            'Type it in, since it is needed to connect',
            'Type only the first half',
            'Close the site: connecting a wallet never requires the phrase',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'How does a real wallet connect to a site and sign without revealing anything?',
        },
        {
          question:
            'You suspect your seed phrase has been exposed. What actually protects your funds?',
          choices: [
            "Changing your phone's passcode",
            'Creating a new wallet with a new phrase and moving your funds to it',
            'Waiting to see whether anything happens',
            'Renaming the wallet in the app',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Does a thief with your phrase need your device at all?',
        },
      ],
    },
    {
      slug: 'hot-and-hardware-wallets',
      title: 'Hot Wallets, Hardware Wallets and Everyday Habits',
      sections: [
        { type: 'subheading', content: 'Hot wallets' },
        {
          type: 'paragraph',
          content:
            'A hot wallet keeps its keys on an internet-connected device: a browser extension, a mobile app or a desktop program. Hot wallets are free and convenient, and they are what most people use to connect to apps like LendPath. Their weakness is that the keys sit on a device that may also run malicious browser extensions, fake apps or other malware.',
        },
        { type: 'subheading', content: 'Hardware wallets' },
        {
          type: 'paragraph',
          content:
            "A hardware wallet is a small, dedicated device that keeps your private keys inside and never hands them to your computer. When you make a transaction, the computer sends the unsigned transaction to the device. You check the details on the device's own screen and press its buttons to approve, and only the signature comes back.",
        },
        {
          type: 'paragraph',
          content:
            "This means that even if your computer is infected, malware cannot copy your keys. It can still try to trick you into approving a harmful transaction, though, so read the device's screen carefully: check the recipient, the amount and, for contract calls, what you are approving.",
        },
        {
          type: 'image',
          content:
            'A laptop with a browser wallet next to a hardware wallet. In the hardware setup, the key stays inside the device and only the signature travels to the computer.',
          url: '/content/academy/sections/hot-vs-hardware-wallet.svg',
        },
        { type: 'subheading', content: 'Buying and setting up safely' },
        {
          type: 'paragraph',
          content:
            'Buy a hardware wallet directly from the manufacturer or an authorized seller, not second-hand. A genuine device has you create a new seed phrase yourself during setup. If a device arrives with a phrase already printed on a card or says it is "pre-configured", do not use it: whoever wrote that phrase controls the wallet.',
        },
        { type: 'subheading', content: 'Splitting your funds' },
        {
          type: 'paragraph',
          content:
            'Many people keep two wallets: a hot wallet with a small amount for everyday use, and a hardware wallet or a separate, rarely used wallet for savings. If the everyday wallet is ever tricked into a bad signature, the damage is limited to what was in it.',
        },
        { type: 'subheading', content: 'Everyday habits that prevent most losses' },
        {
          type: 'paragraph',
          content:
            "Install wallet software only from the maker's official site or its official app store listing. Reach the apps you use by typing the address yourself or through bookmarks, rather than by clicking links in messages or ads. Keep your device and browser updated, and remove browser extensions you do not need.",
        },
        {
          type: 'paragraph',
          content:
            'Before signing anything, slow down. Check which website is asking, which network you are on, what the transaction will do and whether it matches what you meant to do. When sending to a new address, a small test transaction first costs a little extra gas but can save the whole amount.',
        },
        {
          type: 'paragraph',
          content:
            'Lock your wallet when you are not using it, and give the wallet app a strong password. That password protects the copy of the key on this one device; it is no substitute for keeping the seed phrase safe.',
        },
      ],
      quiz: [
        {
          question: 'What is the main advantage of a hardware wallet?',
          choices: [
            'It makes gas free',
            'It can reverse mistaken transactions',
            'The private key stays inside the device, so malware on your computer cannot copy it',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'What travels from the device to the computer, and what never does?',
        },
        {
          question:
            'Your new hardware wallet arrives with a seed phrase already printed on a card. What should you do?',
          choices: [
            'Use it, since it saves time',
            'Do not use it: whoever wrote that phrase can control the wallet',
            'Add a few words of your own to the printed phrase',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Who else might know a phrase that you did not create yourself?',
        },
        {
          question: "Why should you check the details on a hardware wallet's own screen?",
          choices: [
            'Malware on your computer could show you something different from what you are signing',
            'The computer screen is too small',
            'The law requires it',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'Which screen can malware on your computer not change?',
        },
        {
          question: 'Why might you keep a separate everyday wallet with only a small balance?',
          choices: [
            'To pay less gas',
            'Because one wallet can hold only one token',
            'To limit the damage if it is ever tricked into a bad signature',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'If the wallet you use on websites made one mistake, what would be at stake?',
        },
        {
          question: 'What does a small test transaction to a new address achieve?',
          choices: [
            'It makes the main transaction free',
            'It confirms the address and network are right before you send the full amount',
            'It registers the address with your bank',
            'Nothing useful',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'What would you rather discover with a tiny amount than with all of it?',
        },
      ],
    },
    {
      slug: 'approvals-and-allowances',
      title: 'Signing Safely: Approvals, Allowances and Permits',
      sections: [
        { type: 'subheading', content: 'Why apps ask for approval' },
        {
          type: 'paragraph',
          content:
            "Smart contracts cannot take tokens from your wallet on their own. For an app's contract to move your USDC, for example so that LendPath's lending contract can pass your principal to a borrower when you fund a loan, you first give it permission through the token's approve function. That permission is called an allowance: this contract may move up to this many of my tokens.",
        },
        {
          type: 'paragraph',
          content:
            'When the contract later acts for you, it uses the allowance to move tokens from your address through a function called transferFrom, and the allowance shrinks by the amount used. Approving is a transaction of its own, so you will often see two wallet prompts in a row: first the approval, then the action itself.',
        },
        {
          type: 'image',
          content:
            'Your wallet grants an allowance to a spender contract; later the contract moves up to that amount from your address. An unlimited allowance stays open until you revoke it.',
          url: '/content/academy/sections/token-allowance-flow.svg',
        },
        { type: 'subheading', content: 'Unlimited approvals' },
        {
          type: 'paragraph',
          content:
            'Many apps ask for an unlimited allowance so that you do not have to approve again next time. That is convenient, but the permission stays in place until you remove it. If that contract is later hacked, or if you approved a malicious contract by mistake, it can take every token of that kind you hold, now or in the future.',
        },
        {
          type: 'paragraph',
          content:
            "Many wallets let you edit the amount in the approval prompt. Approving only what this action needs is safer, at the cost of one more approval next time. Whatever you choose, check that the spender is the contract you expect: a routine-looking approval for the wrong spender is a wallet drainer's favorite trick.",
        },
        { type: 'subheading', content: 'Signatures that act like approvals' },
        {
          type: 'paragraph',
          content:
            'Some tokens, USDC among them, also accept "permit" signatures, a standard known as EIP-2612. Instead of sending an approval transaction, you sign a message, and anyone who holds that signature can submit it to set an allowance. It costs you no gas, which is exactly why scammers like it: a harmless-looking signature request can hand over your tokens.',
        },
        {
          type: 'paragraph',
          content:
            'Treat every signature request as seriously as a transaction. If your wallet shows a permit, an approval, a "setApprovalForAll" or an "increaseAllowance" request from a site you did not expect, or you cannot tell what it does, reject it. Rejecting costs nothing.',
        },
        { type: 'subheading', content: 'Reviewing and revoking' },
        {
          type: 'paragraph',
          content:
            "You can see the allowances your address has granted with a block explorer's token approval checker or an independent approval tool. Revoking means setting an allowance back to zero; it is a small transaction that costs gas. It is good housekeeping to revoke approvals for apps you no longer use, and urgent if you think you approved something malicious.",
        },
        {
          type: 'paragraph',
          content:
            'Revoking only stops future transfers; it cannot bring back tokens that were already taken. That is why the best protection is the moment before you click approve: know who is asking, what they are asking for and why.',
        },
      ],
      quiz: [
        {
          question: 'What is a token allowance?',
          choices: [
            'Permission for a spender contract to move up to a set amount of your tokens',
            'A bonus paid to you by the app',
            'A discount on gas fees',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Contracts cannot take tokens on their own. What do you give them first?',
        },
        {
          question: 'What is the risk of an unlimited approval?',
          choices: [
            'It costs more gas every day',
            'If the spender is malicious or gets hacked, it can take all of that token you hold, now or later',
            'It expires after a single use',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'How long does an unlimited approval last, and how much can it cover?',
        },
        {
          question: 'Why are permit signatures attractive to scammers?',
          choices: [
            'They only work on test networks',
            'They can never be revoked',
            'They cost the victim no gas and can look like a harmless message',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'What does signing a message feel like compared with sending a transaction?',
        },
        {
          question: 'What does revoking an approval do?',
          choices: [
            'It returns tokens that were already taken',
            'It sets the allowance back to zero, so no more tokens can be moved',
            'It deletes the spender contract',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Can any action on a blockchain undo a transfer that already happened?',
        },
        {
          question: 'What should you check in every approval prompt?',
          choices: [
            'Only the gas fee',
            'Nothing: approvals are always safe',
            'Whether the site has a polished logo',
            'That the spender is the contract you expect and the amount makes sense',
          ],
          correct_answer_index: 3,
          reflection_prompt:
            'An approval says who may move your tokens and how many. Which of those can a scammer change?',
        },
      ],
    },
  ],
};
