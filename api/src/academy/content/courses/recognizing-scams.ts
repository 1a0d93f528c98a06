import type { SeedCourse } from '../types';

export const recognizingScams: SeedCourse = {
  slug: 'recognizing-scams',
  categorySlug: 'lending-safety',
  title: 'Recognizing and Avoiding Crypto Scams',
  description:
    'Spot phishing, fake support, wallet drainers, address poisoning, pig-butchering schemes and too-good-to-be-true yields before they cost you.',
  overview:
    'Most crypto losses are not clever hacks of the blockchain; they are people being tricked into handing over a seed phrase, signing a harmful approval or sending funds themselves. This course walks through the tricks scammers use most: phishing messages and lookalike websites, fake support agents, wallet drainers that abuse approvals and permit signatures, address poisoning, the slow "pig-butchering" investment con and promises of guaranteed high yields. It ends with a simple safety routine and a clear plan for what to do, and whom to tell, if something goes wrong.',
  rating: 4.8,
  coverImage: '/content/academy/covers/recognizing-scams.svg',
  modules: [
    {
      slug: 'phishing-and-fake-support',
      title: 'Phishing and Fake Support',
      sections: [
        { type: 'subheading', content: 'What phishing looks like in crypto' },
        {
          type: 'paragraph',
          content:
            'Phishing is any attempt to trick you into giving away secrets, or signing something harmful, by pretending to be someone you trust. In crypto the targets are your seed phrase, your private key and your signature. Phishing arrives by email, text message, social media, search ads, chat groups and fake apps, and it is often very well made.',
        },
        {
          type: 'paragraph',
          content:
            'A typical message creates urgency ("your wallet will be suspended in 24 hours"), claims authority with a brand logo or a "security team", and gives you a link or a button to "verify", "claim" or "fix" something. The link leads to a site that looks real but lives at a slightly different address.',
        },
        {
          type: 'image',
          content:
            'An annotated phishing message: an urgent subject line, a sender address that is not the real domain, a link whose real address differs from its text, and a request for a seed phrase.',
          url: '/content/academy/sections/phishing-message-anatomy.svg',
        },
        { type: 'subheading', content: 'Check the address, not the look' },
        {
          type: 'paragraph',
          content:
            'Anyone can copy a logo and a page design. What they cannot copy is the real domain name. Look out for lookalike domains that swap or add letters, use a different ending, or hide the real name inside a longer address. The safest habit is never to reach a wallet, an exchange or an app through a link in a message: type the address yourself, or use a bookmark you saved earlier.',
        },
        {
          type: 'paragraph',
          content:
            'Be careful with search results too. Scammers buy ads that appear above the real site for popular wallets and apps. A bookmark beats a search every time.',
        },
        { type: 'subheading', content: 'Fake support' },
        {
          type: 'paragraph',
          content:
            'Fake support is one of the most common crypto scams. You ask a question in a public chat or post about a problem, and within minutes someone messages you privately offering help. They may have an official-looking name and picture. Sooner or later they ask you to share your seed phrase, enter it in a "recovery" form, install remote-access software or connect your wallet to a "repair" site.',
        },
        {
          type: 'paragraph',
          content:
            'Real support teams do not message you first, never ask for your seed phrase or private key, and do not need control of your screen. If you need help with LendPath, use the support link inside the app, and keep conversations in public channels where moderators can see them.',
        },
        { type: 'subheading', content: 'Giveaways and impersonation' },
        {
          type: 'paragraph',
          content:
            '"Send 0.1 ETH and receive 0.2 ETH back" is always a scam, whoever appears to be offering it. The same goes for unexpected airdrops that ask you to connect your wallet and sign something to claim, and for urgent requests from "friends" whose accounts may have been taken over.',
        },
        { type: 'subheading', content: 'A simple rule' },
        {
          type: 'paragraph',
          content:
            'If a message wants you to act fast, to share a secret or to go somewhere through its link, stop. Close it, go to the service yourself through a bookmark, and check whether anything actually needs your attention. A genuine problem will still be there in ten minutes.',
        },
      ],
      quiz: [
        {
          question: 'What are crypto phishers usually after?',
          choices: [
            'Your browsing history',
            'Your seed phrase, your private key or a signature',
            'Your newsletter subscriptions',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'What would a thief need in order to move your funds?',
        },
        {
          question: 'What is the safest way to reach your wallet or exchange website?',
          choices: [
            'A link in an email',
            'The first search result',
            'A bookmark you saved, or the address typed in yourself',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'Which of these could a scammer place in front of you?',
        },
        {
          question:
            'Minutes after you ask a question in a public chat, someone messages you privately offering support. What should you assume?',
          choices: [
            'It is probably a scam: real support does not message you first',
            'It is a moderator being helpful',
            "It is safe if their name includes 'Admin'",
          ],
          correct_answer_index: 0,
          reflection_prompt: 'How easy is it to choose any name and picture for a chat account?',
        },
        {
          question: '"Send 0.1 ETH and get 0.2 ETH back" is...',
          choices: [
            'A normal promotion',
            'Safe if the account has a verified badge',
            'Worth trying with a small amount',
            'Always a scam',
          ],
          correct_answer_index: 3,
          reflection_prompt:
            'Why would anyone give away free money to strangers who send them some first?',
        },
        {
          question: 'Which of these is a typical sign of phishing?',
          choices: [
            'A newsletter with no links in it',
            'A notice you can also see after logging in through your own bookmark',
            'A message pushing you to act within hours or lose access',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'What do scammers want to stop you from doing before you act?',
        },
      ],
    },
    {
      slug: 'drainers-and-address-poisoning',
      title: 'Wallet Drainers and Address Poisoning',
      sections: [
        { type: 'subheading', content: 'How wallet drainers work' },
        {
          type: 'paragraph',
          content:
            'A wallet drainer is a malicious website, usually reached through phishing, a fake airdrop or a fake mint page, that tricks you into signing away permissions rather than stealing your seed phrase. One request may ask you to approve a token with an unlimited allowance, another to sign a permit message, another to "setApprovalForAll" for your NFTs. Each looks like a routine step; together they let the attacker\'s contract empty your wallet, sometimes within seconds.',
        },
        {
          type: 'paragraph',
          content:
            'Drainers rely on people clicking through wallet prompts without reading them. The best defenses are to connect only to sites you reached through your own bookmarks, to read every prompt, and to reject any approval or signature whose purpose you cannot explain. Connecting a wallet only shares your address; it is the approvals and signatures afterwards that give power away.',
        },
        { type: 'subheading', content: 'Signs of a malicious request' },
        {
          type: 'paragraph',
          content:
            'Be suspicious when a site you have never used asks for an approval before doing anything, when the spender is an address you do not recognize, when the amount is unlimited, when a "claim" or "mint" asks for a permit or a long, unreadable message, or when your wallet warns you about the site. Many wallets now preview what a transaction will do and what will leave your wallet; take those previews seriously.',
        },
        {
          type: 'image',
          content:
            "Two addresses that share the same first and last characters but differ in the middle: the real recipient and the attacker's lookalike, with the middle characters highlighted.",
          url: '/content/academy/sections/address-poisoning.svg',
        },
        { type: 'subheading', content: 'Address poisoning' },
        {
          type: 'paragraph',
          content:
            'Addresses are long, so people often check only the first and last few characters and copy addresses from their transaction history. Address poisoning exploits both habits. An attacker generates an address that starts and ends with the same characters as one you use often, then sends you a tiny or zero-value transfer, or a fake token transfer, from it so that it appears in your history.',
        },
        {
          type: 'paragraph',
          content:
            'The next time you copy "the usual address" from your history, you may pick up the lookalike instead. Nothing was hacked: you sent the funds yourself, and the transfer cannot be reversed.',
        },
        { type: 'subheading', content: 'Defenses against address poisoning' },
        {
          type: 'paragraph',
          content:
            "Copy addresses from a trusted source, such as your wallet's saved contacts or the recipient's own deposit page, never from your transaction history. Compare the whole address, including the middle. For a new or large transfer, send a small test first and confirm that it arrived where you expected.",
        },
        {
          type: 'paragraph',
          content:
            'Ignore unexpected tokens and tiny transfers that appear in your wallet, and never interact with them; some have names that point you to a phishing site. Left alone, they cannot harm you.',
        },
        { type: 'subheading', content: 'If you signed something bad' },
        {
          type: 'paragraph',
          content:
            'Act quickly. Revoke the approval, setting the allowance back to zero, from a device you trust, and move your remaining funds to a fresh wallet if you think your keys or signatures were exposed. Revoking cannot recover what has already gone, but it can save what is left.',
        },
      ],
      quiz: [
        {
          question: 'How do wallet drainers usually take funds?',
          choices: [
            'By guessing your seed phrase',
            'By tricking you into signing approvals or permits',
            'By hacking the Arbitrum network',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'What does a drainer site ask you to click on, one prompt at a time?',
        },
        {
          question: 'What does simply connecting your wallet to a website share?',
          choices: ['Your seed phrase', 'Control over all your tokens', 'Your address'],
          correct_answer_index: 2,
          reflection_prompt: 'Which later steps are the ones that actually hand over power?',
        },
        {
          question: 'How does address poisoning trick you?',
          choices: [
            'It places a lookalike address in your history so you copy it by mistake',
            "It changes your wallet app's code",
            'It freezes your USDC',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Which part of an address do people usually check, and which part do they skip?',
        },
        {
          question: "Where should you copy a regular recipient's address from?",
          choices: [
            'Your recent transaction history',
            "Your wallet's saved contacts, or the recipient's own deposit page",
            "A direct message from the recipient's friend",
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Which of these can a stranger add entries to without asking you?',
        },
        {
          question:
            'An unknown token with a website in its name appears in your wallet. What do you do?',
          choices: [
            'Visit the website to claim it',
            'Try to swap it for ETH',
            'Send it back to the sender',
            'Leave it alone and do not interact with it',
          ],
          correct_answer_index: 3,
          reflection_prompt: 'Who benefits if you click through to that website?',
        },
      ],
    },
    {
      slug: 'pig-butchering-and-high-yields',
      title: 'Pig Butchering and Too-Good-to-Be-True Yields',
      sections: [
        { type: 'subheading', content: 'The long con' },
        {
          type: 'paragraph',
          content:
            '"Pig butchering" is the name investigators use for a long-running investment fraud in which the scammer "fattens" the victim with attention and trust over weeks or months before taking everything. It often starts with a message that looks like a wrong number, a match on a dating app, or a friendly stranger on social media or in a chat group.',
        },
        {
          type: 'paragraph',
          content:
            'The conversation is warm and patient. Eventually the new friend mentions how well they are doing with crypto trading and offers to show you how. They guide you to a trading platform or app that looks professional but is controlled by the scammers.',
        },
        { type: 'subheading', content: 'The fake profits' },
        {
          type: 'paragraph',
          content:
            'You start small, and the platform shows your balance growing fast. You may even be allowed to withdraw a little, which builds trust. Encouraged, you add more, sometimes borrowing money or selling other assets to do it. The numbers on the screen are not real.',
        },
        {
          type: 'paragraph',
          content:
            'When you try to withdraw a large amount, obstacles appear: a "tax", a "verification fee", an "account upgrade" or a "penalty for suspicious activity" that must be paid first. Every payment leads to another request. Eventually the friend and the platform both disappear.',
        },
        {
          type: 'image',
          content:
            'The stages of a pig-butchering scam: first contact, building trust, a fake platform showing big gains, pressure to invest more, and withdrawals blocked by fees.',
          url: '/content/academy/sections/pig-butchering-timeline.svg',
        },
        { type: 'subheading', content: 'Too-good-to-be-true yields' },
        {
          type: 'paragraph',
          content:
            'A related warning sign is any offer of high, steady, guaranteed returns: "1% a day", "double your USDC in a month", "risk-free yield". Genuine returns come with genuine risk, and they vary. Schemes that pay early investors with new investors\' money, known as Ponzi schemes, can look successful for a while, right up to the moment they collapse.',
        },
        {
          type: 'paragraph',
          content:
            'Ask where the return comes from. If the answer is vague ("arbitrage bots", "AI trading", "a secret strategy"), if you are rewarded for recruiting others, or if withdrawals are limited or delayed, walk away.',
        },
        { type: 'subheading', content: 'Why smart people fall for it' },
        {
          type: 'paragraph',
          content:
            'These scams work on emotions, not intelligence: loneliness, hope, the fear of missing out and, later, the sunk cost of money already paid. Scammers follow scripts refined over many conversations. Being targeted is nothing to be ashamed of, and talking it through with someone you trust before sending money is one of the best defenses there is.',
        },
        { type: 'subheading', content: 'Recovery scams' },
        {
          type: 'paragraph',
          content:
            'Victims are often targeted a second time by "recovery services" that promise to get stolen crypto back for an upfront fee. Treat any unsolicited offer like this as another scam. Report the fraud to the police and the relevant authorities instead, and keep records of addresses, transaction hashes, websites and messages.',
        },
      ],
      quiz: [
        {
          question: 'How does a pig-butchering scam usually begin?',
          choices: [
            'With a letter from your bank',
            "With a friendly message from a stranger, such as a 'wrong number' or a dating match",
            'With a loan request on LendPath',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'The scam is patient. Does it start with money, or with a relationship?',
        },
        {
          question: 'Why do these scams let victims withdraw small amounts at first?',
          choices: [
            'To build trust before larger deposits',
            'Because the profits are real',
            'Because the law requires it',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'What would you do next after a small withdrawal worked?',
        },
        {
          question:
            'A trading platform says you must pay a "tax" before you can withdraw your profits. What does this suggest?',
          choices: [
            'It is a normal step',
            'Your returns will be even higher',
            'It is a strong sign of a scam',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            "If the profits were real, why couldn't a fee simply be taken from them?",
        },
        {
          question: 'Which offer is the biggest warning sign?',
          choices: [
            'A savings product whose rate varies and which lists its risks',
            "'Guaranteed 1% a day, completely risk-free'",
            'A loan with a clearly stated APR',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Can a genuine return be both high and guaranteed?',
        },
        {
          question:
            "After a scam, a 'recovery service' contacts you offering to get your crypto back for a fee. What should you do?",
          choices: [
            'Treat it as another likely scam, and report the fraud to the authorities instead',
            'Pay the fee quickly before the trail goes cold',
            'Give them your seed phrase so they can trace the funds',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'How did they find out that you were a victim?',
        },
      ],
    },
    {
      slug: 'safety-routine',
      title: 'Your Safety Routine, and What to Do If Things Go Wrong',
      sections: [
        { type: 'subheading', content: 'Before you click' },
        {
          type: 'paragraph',
          content:
            'Most losses can be prevented in the few seconds before an action. Before you click, ask yourself whether you started this or a message did, whether you reached the site through your own bookmark, whether anyone is rushing you, and whether the real service would ever ask for this.',
        },
        {
          type: 'paragraph',
          content:
            'If any answer makes you uneasy, stop. Check through a channel you trust instead, such as the official app or website opened from your own bookmark.',
        },
        { type: 'subheading', content: 'Before you sign' },
        {
          type: 'paragraph',
          content:
            'Read every wallet prompt. Check the network, the website your wallet says is asking, the contract or recipient, and the amount. Know the difference between sending tokens, approving a spender and signing a message, and be extra careful with the last two. If a prompt does not match what you meant to do, reject it; rejecting costs nothing.',
        },
        {
          type: 'image',
          content:
            'A safety checklist: use bookmarks, check the address, read the prompt, never share the seed phrase, test with small amounts, and revoke unused approvals.',
          url: '/content/academy/sections/safety-checklist.svg',
        },
        { type: 'subheading', content: 'Regular housekeeping' },
        {
          type: 'paragraph',
          content:
            'Every so often, review and revoke token approvals you no longer need, remove browser extensions you do not use, update your wallet and browser, and check that your seed phrase backup is still safe and readable. Keep most of your funds in a wallet you rarely connect to websites.',
        },
        { type: 'subheading', content: 'On LendPath specifically' },
        {
          type: 'paragraph',
          content:
            'Open the app through the address you have bookmarked. Loans are requested, funded and repaid only through the lending contract, from your own wallet. LendPath staff will never ask for your seed phrase, for remote access to your device or for USDC sent to a personal address. Loan requests and community posts are written by members, so judge them as you would any message from a stranger.',
        },
        { type: 'subheading', content: 'If something goes wrong' },
        {
          type: 'paragraph',
          content:
            'If you typed your seed phrase somewhere or think your keys are exposed, create a new wallet on a device you trust and move everything you can to it, most valuable assets first. If you signed a bad approval, revoke it at once, then consider moving your funds. Do not engage further with the scammer, and do not pay anyone who promises to get your funds back.',
        },
        {
          type: 'paragraph',
          content:
            "Write down what happened while it is fresh: addresses, transaction hashes, website addresses, usernames and screenshots of messages. Report it to the police and your country's fraud-reporting service, to any exchange the funds passed through (exchanges can sometimes freeze funds that arrive there), and to the platform where the contact happened. On LendPath, use the support link in the app, and use Report Post and Block User on anything suspicious in the community.",
        },
        { type: 'subheading', content: 'Be kind to yourself' },
        {
          type: 'paragraph',
          content:
            'Scams are designed by professionals to catch ordinary people on an ordinary day. If it happens to you, acting quickly and telling someone matters far more than blame. Sharing what you learned, in the community for example, helps the next person spot the same trick.',
        },
      ],
      quiz: [
        {
          question: 'What is a good first question to ask before acting on a message?',
          choices: [
            'How quickly can I get this done?',
            'Does it have the right logo?',
            'Did I start this, or did a message start it?',
          ],
          correct_answer_index: 2,
          reflection_prompt: "Who benefits when the action begins with someone else's message?",
        },
        {
          question: 'What does it cost to reject a wallet prompt you are unsure about?',
          choices: ['A penalty fee', 'Nothing', 'Your loan status'],
          correct_answer_index: 1,
          reflection_prompt:
            'Compare the cost of rejecting with the cost of signing something harmful.',
        },
        {
          question: 'Which of these is good regular housekeeping?',
          choices: [
            'Reviewing and revoking approvals you no longer need',
            'Storing your seed phrase backup in a cloud folder',
            'Approving unlimited allowances everywhere to save time',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'Which of these reduces what could go wrong later?',
        },
        {
          question: 'You typed your seed phrase into a suspicious site. What should you do first?',
          choices: [
            'Wait and see whether anything happens',
            'Create a new wallet on a trusted device and move your funds to it',
            'Change your email password',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Does the person with your phrase need anything else to move your funds?',
        },
        {
          question: 'What should you write down after a scam?',
          choices: [
            'Nothing, since it cannot help',
            'Only the amount you lost',
            "Just the scammer's profile picture",
            'Addresses, transaction hashes, website addresses, usernames and messages',
          ],
          correct_answer_index: 3,
          reflection_prompt:
            'What would the police or an exchange need in order to follow the funds?',
        },
      ],
    },
  ],
};
