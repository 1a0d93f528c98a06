import type { SeedCourse } from '../types';

export const moneyAndBlockchains: SeedCourse = {
  slug: 'money-and-blockchains',
  categorySlug: 'crypto-basics',
  title: 'Money and Blockchains: The Basics',
  description:
    'Start here: what money does, how a blockchain keeps a shared record, and why that changes who you have to trust.',
  overview:
    'Before you hold, send or lend any crypto, it helps to know what is actually going on underneath. This course starts with the jobs money does and the ledgers that already record most of it, then shows how a blockchain keeps one shared ledger without a single record-keeper: blocks linked by hashes, consensus rules that let strangers agree, and smart contracts that run exactly as written. By the end you will understand why crypto transactions are public, why they are so hard to reverse, and what that means for the way you handle your own funds.',
  rating: 4.7,
  coverImage: '/content/academy/covers/money-and-blockchains.svg',
  modules: [
    {
      slug: 'what-money-does',
      title: 'What Money Does',
      sections: [
        { type: 'subheading', content: 'Three jobs money does' },
        {
          type: 'paragraph',
          content:
            'Before we talk about crypto, it helps to be clear about what money is for. Economists usually describe three jobs. Money is a medium of exchange: something people accept in payment. It is a unit of account: a common measuring stick for prices and debts. And it is a store of value: a way to carry purchasing power from today into the future.',
        },
        {
          type: 'paragraph',
          content:
            'Over history, many things have done these jobs: shells, salt, precious metals, paper notes and, today, mostly numbers in bank computers. What they share is not the material but trust. You accept money because you expect other people to accept it from you later.',
        },
        {
          type: 'image',
          content:
            'Three ways of recording who owns what: cash held in hand, a bank keeping its own private ledger, and one shared ledger copied across many computers.',
          url: '/content/academy/sections/money-ledgers.svg',
        },
        { type: 'subheading', content: 'Most money is already a record in a ledger' },
        {
          type: 'paragraph',
          content:
            "When you pay by card or bank transfer, no coins travel anywhere. Your bank lowers a number in its ledger, the recipient's bank raises a number in theirs, and the banks settle with each other later. A ledger is simply a record of who owns what and who paid whom.",
        },
        {
          type: 'paragraph',
          content:
            'This works because we trust the institutions that keep the ledgers (banks, card networks, central banks) to keep accurate records, follow the rules and stay open. Most of the time that trust is well placed. But it also means a few parties can freeze accounts, block or reverse payments, and set opening hours and fees, and people without a bank account are left out.',
        },
        { type: 'subheading', content: 'The question blockchains try to answer' },
        {
          type: 'paragraph',
          content:
            'In 2008, a person or group using the name Satoshi Nakamoto published a short paper describing Bitcoin, "a peer-to-peer electronic cash system". The idea was a ledger that no single company keeps: thousands of independent computers hold copies and follow the same rules to agree on every new entry. The Bitcoin network went live in January 2009.',
        },
        {
          type: 'paragraph',
          content:
            'That is the core of every blockchain: a shared ledger that anyone can read, where the rules for adding entries are enforced by software and by the agreement of many participants rather than by one trusted record-keeper. Ethereum, launched in 2015, added the ability to run programs, called smart contracts, on that shared ledger. Smart contracts are what make a lending platform like LendPath possible.',
        },
        { type: 'subheading', content: 'What changes, and what does not' },
        {
          type: 'paragraph',
          content:
            "Moving money onto a blockchain changes who you have to trust; it does not remove trust altogether. You no longer rely on a bank to keep the record, but you do rely on the network's rules, on the software you use and, above all, on yourself to keep your keys safe. There is usually no help desk that can reverse a mistaken payment.",
        },
        {
          type: 'paragraph',
          content:
            "Crypto assets also differ in how well they do money's three jobs. The prices of Bitcoin and Ether can move a lot in a single day, which makes them awkward as a unit of account for something like a loan. That is one reason LendPath lends in USDC, a stablecoin designed to track the US dollar, which you will meet in a later course.",
        },
      ],
      quiz: [
        {
          question: 'Which of these is NOT one of the three classic jobs of money?',
          choices: [
            'A medium of exchange',
            'A unit of account',
            'A guarantee of profit',
            'A store of value',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Think about what money has to do for a shopkeeper, for a price tag and for a savings jar. Which option does none of those?',
        },
        {
          question: 'When you pay someone by bank transfer, what actually happens?',
          choices: [
            'Coins are carried from your bank to theirs',
            'The banks update numbers in their ledgers and settle with each other',
            'The central bank prints new notes for the recipient',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            "Where is 'your money' actually recorded when it sits in a bank account?",
        },
        {
          question: "What was new about Bitcoin's ledger?",
          choices: [
            'Many independent computers keep it and follow shared rules, instead of one company',
            'It is kept secret, so nobody can read it',
            'It is run by a group of large banks',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'Who keeps the record in a bank, and who keeps it in Bitcoin?',
        },
        {
          question: 'How does moving money onto a blockchain change trust?',
          choices: [
            'Nothing needs to be trusted any more',
            'You must trust a bank even more than before',
            "You trust the network's rules, the software and your own key safety instead of one record-keeper",
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'If nobody can reverse a mistaken payment for you, whose care becomes most important?',
        },
        {
          question: 'Why does LendPath lend in USDC rather than in Bitcoin or Ether?',
          choices: [
            'USDC can never lose value',
            "USDC is designed to track the US dollar, so a loan's value stays predictable",
            'Bitcoin and Ether cannot be sent between people',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Imagine borrowing 10 of something whose price might double before you have to pay it back.',
        },
      ],
    },
    {
      slug: 'from-ledgers-to-blockchains',
      title: 'From Ledgers to Blockchains',
      sections: [
        { type: 'subheading', content: 'A ledger that many computers keep' },
        {
          type: 'paragraph',
          content:
            'A blockchain is a ledger copied across many computers, called nodes. Each node keeps the full history and checks every new entry against the same rules: is the signature valid, does the sender have the funds, and has this money already been spent? A node that receives an invalid entry simply rejects it.',
        },
        {
          type: 'paragraph',
          content:
            'Transactions are not added one at a time. They are gathered into batches called blocks, and each new block is added to the end of the chain. Bitcoin adds a block roughly every ten minutes; Ethereum adds one every twelve seconds.',
        },
        { type: 'subheading', content: 'Hashes: a fingerprint for data' },
        {
          type: 'paragraph',
          content:
            'To see why a blockchain is hard to tamper with, you need one idea: the hash. A hash function takes any data, whether a word, a file or a whole block, and produces a short, fixed-length fingerprint. The same input always gives the same fingerprint, but changing even one character gives a completely different one.',
        },
        {
          type: 'paragraph',
          content:
            'Good hash functions also work in one direction only: there is no practical way to get back from a fingerprint to the data, or to find two different inputs with the same fingerprint. Bitcoin uses a hash function called SHA-256 and Ethereum one called Keccak-256. You will meet hashes everywhere in crypto: transaction IDs, block IDs and wallet addresses are all built from them.',
        },
        {
          type: 'image',
          content:
            'Three blocks in a row. Each block holds transactions and the hash of the block before it, so changing an old block breaks every link that follows.',
          url: '/content/academy/sections/blockchain-hash-links.svg',
        },
        { type: 'subheading', content: 'Chaining the blocks together' },
        {
          type: 'paragraph',
          content:
            "Every block contains the hash of the block before it. That is what makes the blocks a chain: block 101 records block 100's fingerprint, block 102 records block 101's, and so on all the way back to the first block. If someone quietly edited a transaction in block 100, its fingerprint would change, block 101 would no longer match it, and every node would see the break at once.",
        },
        {
          type: 'paragraph',
          content:
            'To rewrite history, an attacker would have to rebuild the edited block and every block after it, and then persuade the network to accept that version instead of the one everybody already holds. The consensus rules, covered in the next module, are designed to make that extremely expensive or practically impossible.',
        },
        { type: 'subheading', content: 'Public by default' },
        {
          type: 'paragraph',
          content:
            'Because every node holds the ledger, anyone can read it. Block explorers are websites that display blockchain data in a readable way: you can look up any address and see its balance and every transaction it has ever made. This transparency lets you check things for yourself, for example that a loan on LendPath really was repaid.',
        },
        {
          type: 'paragraph',
          content:
            'Transparency is not the same as privacy, though. Addresses are not names, but once someone links an address to you, perhaps because you posted it publicly or withdrew to it from an exchange, your whole history at that address is visible to them. Think before you share an address, and remember that on-chain activity is permanent.',
        },
      ],
      quiz: [
        {
          question: 'What is a block?',
          choices: [
            'A ban placed on a wallet',
            'A batch of transactions added to the chain together',
            'A single coin',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Transactions are not added one by one. What are they grouped into before they join the chain?',
        },
        {
          question: 'What happens to a hash if you change one character of the input?',
          choices: [
            'It changes only slightly',
            'It stays exactly the same',
            'It changes completely and unpredictably',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'What would a fingerprint be worth if similar data gave similar fingerprints?',
        },
        {
          question: 'Why is it hard to secretly edit an old block?',
          choices: [
            "Each later block contains the previous block's hash, so an edit breaks every link after it",
            'Old blocks are stored in a locked vault',
            'Old blocks are deleted after a week',
            'Editing needs a password that only the founder knows',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'What does block 101 record about block 100?',
        },
        {
          question: 'What can a block explorer show you?',
          choices: [
            'The name and home address behind every wallet',
            'The private key of any address',
            'The balance and transaction history of any address',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Everything on the ledger is public. Are names and keys on the ledger?',
        },
        {
          question: 'Which statement about privacy on a public blockchain is true?',
          choices: [
            'Transactions disappear once they are confirmed',
            'Once an address is linked to you, its whole history can be traced to you',
            'Addresses are the same as names, so everyone knows who owns them',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'What stays on the ledger forever, and what has to be connected to you from outside it?',
        },
      ],
    },
    {
      slug: 'consensus',
      title: 'Who Adds the Next Block? Consensus',
      sections: [
        { type: 'subheading', content: 'The problem consensus solves' },
        {
          type: 'paragraph',
          content:
            'With thousands of nodes and no boss, someone still has to decide which block comes next, and everyone has to agree on it. Without a rule for this, a person could try to spend the same coins in two places at once, the so-called double-spend problem. The set of rules that lets strangers agree on one shared history is called a consensus mechanism.',
        },
        { type: 'subheading', content: 'Proof of work' },
        {
          type: 'paragraph',
          content:
            "Bitcoin uses proof of work. Computers called miners compete to find a number that, combined with the block's contents, produces a hash below a target value. The only way to find it is to try an enormous number of guesses, which costs electricity and specialized hardware. The winner adds the block and earns newly created bitcoin plus the transaction fees.",
        },
        {
          type: 'paragraph',
          content:
            'Rewriting history under proof of work would mean redoing all that work faster than the rest of the network combined. That is why every new block on top of yours makes your transaction harder to reverse, and why people wait for several "confirmations" before treating a large Bitcoin payment as settled.',
        },
        {
          type: 'image',
          content:
            'Side by side: in proof of work, miners spend computing power to win the right to add a block; in proof of stake, validators lock up ETH and can lose part of it if they cheat.',
          url: '/content/academy/sections/consensus-pow-pos.svg',
        },
        { type: 'subheading', content: 'Proof of stake' },
        {
          type: 'paragraph',
          content:
            'Ethereum switched from proof of work to proof of stake in September 2022, in an upgrade known as the Merge. Instead of spending electricity, validators lock up ("stake") ETH as a deposit. In each twelve-second slot, one validator is chosen to propose a block and others vote, or attest, that it is valid.',
        },
        {
          type: 'paragraph',
          content:
            'Validators that follow the rules earn rewards. Validators that break them, for example by voting for two conflicting blocks, can have part of their stake destroyed, which is called slashing. Honesty is enforced by money at risk rather than by energy spent.',
        },
        { type: 'subheading', content: 'Finality: when is a payment really done?' },
        {
          type: 'paragraph',
          content:
            'For a short while after a block is added, the newest part of the chain can still change: two blocks may briefly compete, and one is dropped. This is called a reorganization, or reorg. Ethereum adds a stronger guarantee called finality. Once enough validators have voted over two epochs, about 13 minutes, a block is finalized, and reversing it would require destroying a large share of all staked ETH.',
        },
        {
          type: 'paragraph',
          content:
            'Apps that handle money often show this progression. LendPath, for example, labels the loan data it reads from the chain as pending, safe or finalized, so you can see how settled the latest change is. The Arbitrum course explains what those stages mean on the network LendPath uses.',
        },
        { type: 'subheading', content: 'Why this matters to you' },
        {
          type: 'paragraph',
          content:
            "Consensus is what lets you rely on a blockchain's record without trusting any single company. It also explains trade-offs you will meet every day: fees exist because block space is limited and validators must be paid, and a little waiting is sometimes needed before a payment is truly final.",
        },
      ],
      quiz: [
        {
          question: 'What problem does a consensus mechanism solve?',
          choices: [
            'Agreeing on one history, so the same coins cannot be spent twice',
            'Setting the price of a coin',
            'Recovering forgotten passwords',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Without a boss, how would thousands of computers settle on the same next block?',
        },
        {
          question: 'In proof of work, what makes rewriting history so expensive?',
          choices: [
            'A government license is needed',
            'The work would have to be redone faster than the rest of the network combined',
            'A fee must be paid to the founders',
            'A majority of users must vote online',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'What did the miners spend to produce each block in the first place?',
        },
        {
          question: 'What can happen to an Ethereum validator that breaks the rules?',
          choices: [
            'It receives extra rewards',
            'Nothing; validators can never be punished',
            'Part of its staked ETH can be destroyed (slashed)',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'In proof of stake, what does a validator put at risk instead of electricity?',
        },
        {
          question: 'When did Ethereum move from proof of work to proof of stake?',
          choices: ['January 2009', 'September 2022', 'It still uses proof of work'],
          correct_answer_index: 1,
          reflection_prompt:
            'The upgrade was called the Merge. Was it at the very start of crypto, or more recently?',
        },
        {
          question: "What does it mean when an Ethereum block is 'finalized'?",
          choices: [
            'It was added in the last second',
            'Its transactions have been refunded',
            'It is still waiting for a miner',
            'Reversing it would require destroying a large share of all staked ETH',
          ],
          correct_answer_index: 3,
          reflection_prompt: 'What would an attacker have to give up to undo a finalized block?',
        },
      ],
    },
    {
      slug: 'transactions-and-smart-contracts',
      title: 'Accounts, Transactions and Smart Contracts',
      sections: [
        { type: 'subheading', content: 'Addresses and accounts' },
        {
          type: 'paragraph',
          content:
            'On Ethereum and networks built like it, such as Arbitrum, funds are held at an address: a string that starts with 0x followed by 40 characters (the digits 0 to 9 and the letters a to f), usually shortened in apps to something like 0x71C7…976F. An address is derived from a public key, which in turn comes from a secret private key. Whoever controls the private key controls the address. The wallets course covers how to keep that key safe.',
        },
        { type: 'subheading', content: 'What a transaction contains' },
        {
          type: 'paragraph',
          content:
            'A transaction is a signed instruction: from this address, to that address, with this much value and, optionally, some data asking a program to do something. Your wallet signs it with your private key, which proves it came from you without revealing the key. Nodes check the signature and then include the transaction in a block.',
        },
        {
          type: 'paragraph',
          content:
            "Every transaction also pays a fee, called gas, in the network's native coin: ETH on Ethereum and on Arbitrum. Gas pays for the computation and storage your transaction uses. If you have no ETH, you cannot send transactions on those networks, even if you hold other tokens such as USDC.",
        },
        {
          type: 'image',
          content:
            "A transaction card with its from, to, value, data and gas fee fields, signed with the sender's private key and then included in a block.",
          url: '/content/academy/sections/transaction-anatomy.svg',
        },
        { type: 'subheading', content: 'Smart contracts: programs on the ledger' },
        {
          type: 'paragraph',
          content:
            'A smart contract is a program stored at its own address on the blockchain. Anyone can call its functions by sending a transaction, and every node runs the same code and gets the same result. Its rules run exactly as written: nobody, including its authors, can make it behave differently unless the code itself allows it.',
        },
        {
          type: 'paragraph',
          content:
            "LendPath's lending contract is an example. It holds the rules for requesting, funding and repaying loans, and it moves USDC between members only when those rules are met and the member involved has signed. Because the code is public, anyone can read the rules it enforces.",
        },
        { type: 'subheading', content: 'Tokens' },
        {
          type: 'paragraph',
          content:
            'Many assets on Ethereum-style chains are tokens: smart contracts that keep a table of balances. The common standard for interchangeable tokens is called ERC-20, and USDC is an ERC-20 token. When you "send USDC", you are really asking the USDC contract to move a balance from your address to another one.',
        },
        { type: 'subheading', content: 'Mistakes are permanent' },
        {
          type: 'paragraph',
          content:
            'Once a transaction is final, it cannot be undone: there is no chargeback and no bank to call. Sending to a mistyped address, on the wrong network or to a scammer usually means the funds are gone for good. That is why the habits taught in the later courses, such as checking addresses, reading what you sign and testing with small amounts, matter so much.',
        },
        {
          type: 'paragraph',
          content:
            "The good news is that the same transparency that makes mistakes permanent also makes honest activity verifiable. You can check a transaction's status on a block explorer yourself instead of taking anyone's word for it.",
        },
      ],
      quiz: [
        {
          question: 'What gives someone control over an address?',
          choices: [
            'Knowing the address',
            'Holding its private key',
            'Being the company whose app created it',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Addresses are shared openly all the time. What is kept secret?',
        },
        {
          question: 'Which coin pays for gas on Arbitrum?',
          choices: ['USDC', 'Nothing: transactions there are free', 'ETH'],
          correct_answer_index: 2,
          reflection_prompt:
            'Gas is paid in the native coin of the network. What is it on Ethereum?',
        },
        {
          question: 'What is a smart contract?',
          choices: [
            'A legal document signed on paper',
            'A program stored on the blockchain that runs exactly as written',
            'A customer service agreement',
            'A type of wallet app',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Who can change what a smart contract does once it is on the chain?',
        },
        {
          question: 'When you send USDC to someone, what actually happens?',
          choices: [
            'The USDC token contract moves a balance from your address to theirs',
            'A file is emailed to the recipient',
            'Circle updates a spreadsheet by hand',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'A token is a contract that keeps a table. What changes in that table?',
        },
        {
          question: 'You send funds to a mistyped address. What usually happens?',
          choices: [
            'The network returns them automatically after 24 hours',
            'Your wallet provider can reverse the payment',
            'The funds are usually lost for good, because final transactions cannot be undone',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Is there anyone on a blockchain with the power to reverse a final transaction?',
        },
      ],
    },
  ],
};
