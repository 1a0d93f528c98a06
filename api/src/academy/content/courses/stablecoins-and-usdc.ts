import type { SeedCourse } from '../types';

export const stablecoinsAndUsdc: SeedCourse = {
  slug: 'stablecoins-and-usdc',
  categorySlug: 'stablecoins-networks',
  title: 'Stablecoins and USDC',
  description:
    'Why stablecoins exist, how USDC is backed, minted and redeemed by Circle, and the risks that remain even with a well-run stablecoin.',
  overview:
    "Every loan on LendPath is made in USDC, so it is worth knowing exactly what that token is. This course explains why stablecoins were invented and the different ways they try to hold their price, then follows USDC from the dollars in its reserve to the token in your wallet: how Circle mints and redeems it, why it has 6 decimals, how to tell genuine USDC from lookalikes, and how it moves between networks. It ends with an honest look at what can go wrong, including the March 2023 depeg and the issuer's power to freeze addresses, and how LendPath's contract is built to cope with a frozen lender.",
  rating: 4.6,
  coverImage: '/content/academy/covers/stablecoins-and-usdc.svg',
  modules: [
    {
      slug: 'why-stablecoins',
      title: 'Why Stablecoins Exist',
      sections: [
        { type: 'subheading', content: 'The volatility problem' },
        {
          type: 'paragraph',
          content:
            'The prices of assets like Bitcoin and Ether can rise or fall sharply within days. That may suit a speculator, but it makes them hard to use for everyday payments, for savings you need next month or for loans. If you borrow 10 units of something whose price doubles before you repay, you have to hand back twice the value you received.',
        },
        {
          type: 'paragraph',
          content:
            'A stablecoin is a token designed to keep a steady price, usually one US dollar. It keeps the useful parts of a blockchain, such as sending to any address at any time with settlement in minutes, while aiming to avoid the price swings.',
        },
        { type: 'subheading', content: 'Three ways to hold a peg' },
        {
          type: 'paragraph',
          content:
            'Fiat-backed stablecoins, such as USDC, are backed by reserves of ordinary money and short-term government debt held by the issuer. Each token is meant to be redeemable for one dollar from the issuer. Their stability rests on the reserve being real, liquid and well managed, and on the issuer honoring redemptions.',
        },
        {
          type: 'paragraph',
          content:
            "Crypto-collateralized stablecoins are backed by other crypto assets locked in smart contracts, usually worth more than the stablecoins issued. This over-collateralization is there so that a fall in the collateral's price does not leave the coins unbacked. DAI is the best-known example, although its backing today also includes other kinds of assets. Its stability depends on the collateral and on automatic liquidations working during market stress.",
        },
        {
          type: 'paragraph',
          content:
            'Algorithmic stablecoins try to hold a peg mainly through incentives and a linked token, without full reserves. The best-known failure was TerraUSD (UST), which lost its peg in May 2022 and collapsed together with its sister token LUNA, erasing tens of billions of dollars in market value. It is a lasting lesson that "stable" in a name is not a guarantee.',
        },
        {
          type: 'image',
          content:
            'Three kinds of stablecoin: fiat-backed by cash and Treasury bills, crypto-collateralized by locked crypto worth more than the coins issued, and algorithmic with little or no reserve.',
          url: '/content/academy/sections/stablecoin-types.svg',
        },
        { type: 'subheading', content: 'What a peg really means' },
        {
          type: 'paragraph',
          content:
            'A peg is a target, not a law of nature. A stablecoin trades on markets, and its price there can drift a little above or below $1. What pulls it back is arbitrage: if a fully backed dollar coin trades at $0.99 and can be redeemed for $1.00, traders buy it and redeem it until the gap closes. That mechanism only works while people believe redemptions will be honored.',
        },
        { type: 'subheading', content: 'Why LendPath uses USDC' },
        {
          type: 'paragraph',
          content:
            "Loans need a stable unit. A borrower should owe roughly the same real value they received, and a lender should get back what they expect. LendPath's lending contract works with one specific token, USDC, fixed when the contract was deployed. The next modules explain how USDC works and which risks remain even with a well-run stablecoin.",
        },
      ],
      quiz: [
        {
          question: 'Why is a volatile coin awkward to use for a loan?',
          choices: [
            'It cannot be sent between wallets',
            'Its value when repaid can differ a lot from its value when borrowed',
            'It has no decimals',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Picture repaying a loan after the price has doubled. Who gains and who loses?',
        },
        {
          question: 'What backs a fiat-backed stablecoin like USDC?',
          choices: [
            'Nothing: it relies on incentives only',
            'Other volatile crypto locked in a contract',
            'Reserves such as cash and short-term government debt held by the issuer',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'What would the issuer pay out if you redeemed one token?',
        },
        {
          question: 'Why are crypto-collateralized stablecoins usually over-collateralized?',
          choices: [
            'To pay holders interest',
            'Because the law requires exactly double',
            "So that a drop in the collateral's price does not leave the coins unbacked",
          ],
          correct_answer_index: 2,
          reflection_prompt: 'What happens to the backing if the locked crypto falls in price?',
        },
        {
          question: 'What happened to TerraUSD (UST) in May 2022?',
          choices: [
            'It was converted into USDC',
            'It lost its dollar peg and collapsed',
            'It became fully backed by US Treasury bills',
            'It moved to Arbitrum',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'UST was an algorithmic stablecoin. What was missing behind it?',
        },
        {
          question: "What tends to pull a fully backed stablecoin's market price back toward $1?",
          choices: [
            'Arbitrage: traders buy it below $1 and redeem it for $1',
            'A rule that forbids trading below $1',
            'The blockchain resets prices every day',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'If you could buy something for 99 cents and redeem it for a dollar, what would you do?',
        },
      ],
    },
    {
      slug: 'how-usdc-works',
      title: 'How USDC Is Backed, Minted and Redeemed',
      sections: [
        { type: 'subheading', content: 'Who issues USDC' },
        {
          type: 'paragraph',
          content:
            'USDC is issued by Circle, a US financial technology company. Circle aims to hold one dollar in reserve for every USDC in circulation, mostly as cash at banks and short-dated US Treasury securities. It publishes the size and make-up of the reserve, and an independent accounting firm examines it, with reports released monthly.',
        },
        {
          type: 'paragraph',
          content:
            'An attestation like this checks that the reserve existed at particular points in time; it is not a promise about the future. Still, regular public reporting is one of the main differences between a fiat-backed stablecoin and a token that merely claims to be worth a dollar.',
        },
        { type: 'subheading', content: 'Minting: dollars in, tokens out' },
        {
          type: 'paragraph',
          content:
            "New USDC is created, or minted, when an approved customer of Circle, typically a business such as an exchange or a payment company, sends dollars to Circle. Circle adds the dollars to the reserve, and the USDC smart contract creates the same number of tokens at the customer's address.",
        },
        {
          type: 'image',
          content:
            "Minting: a business sends dollars to Circle's reserve and receives newly minted USDC. Redeeming: USDC is sent back and burned, and dollars are paid out from the reserve.",
          url: '/content/academy/sections/usdc-mint-redeem.svg',
        },
        { type: 'subheading', content: 'Redeeming: tokens in, dollars out' },
        {
          type: 'paragraph',
          content:
            'Redemption is the reverse. A customer sends USDC back to Circle, the tokens are destroyed ("burned"), and Circle pays out the same amount in dollars from the reserve. This promise of one-for-one redemption is what anchors the price: as long as the market trusts it, USDC trades very close to $1.',
        },
        {
          type: 'paragraph',
          content:
            "Most individuals never deal with Circle directly. They buy and sell USDC on exchanges or through payment apps, which in turn mint and redeem with Circle. Your practical route from USDC back to dollars is therefore usually a sale on an exchange, subject to that platform's fees and identity checks.",
        },
        { type: 'subheading', content: 'Supply you can check' },
        {
          type: 'paragraph',
          content:
            "Because minting and burning happen on chain, the total amount of USDC in existence on each network is public: any block explorer shows the token contract's total supply. Together with Circle's published reserve reports, that lets anyone compare the tokens issued with the reserve said to back them, without having to take a single number on trust.",
        },
        { type: 'subheading', content: 'USDC is not a bank deposit' },
        {
          type: 'paragraph',
          content:
            "Holding USDC is not the same as holding money in a bank account. It is not covered by bank deposit insurance, it pays no interest by itself, and your claim depends on Circle's reserve and its ability to process redemptions. Rules for stablecoins are still developing and differ from country to country, so the protections that apply depend on where you are.",
        },
        {
          type: 'paragraph',
          content:
            'None of this makes USDC reckless to hold; it means you should understand what the dollar sign rests on. The next modules look at how USDC lives on the blockchain and at the specific risks to keep in mind.',
        },
      ],
      quiz: [
        {
          question: 'Who issues USDC?',
          choices: ['The US Federal Reserve', 'Circle', 'The Arbitrum Foundation', 'LendPath'],
          correct_answer_index: 1,
          reflection_prompt: 'Which company mints new USDC when dollars arrive in the reserve?',
        },
        {
          question: 'What is the reserve behind USDC mostly made of?',
          choices: [
            'Gold bars',
            'Bitcoin and Ether',
            'Cash and short-dated US Treasury securities',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'To pay out a dollar on demand, what kind of assets would you want to hold?',
        },
        {
          question: 'What happens to USDC when it is redeemed with Circle?',
          choices: [
            'It is burned, and dollars are paid out from the reserve',
            'It is passed on to a new holder',
            'It is converted into ETH',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Minting creates tokens when dollars come in. What is the mirror image?',
        },
        {
          question: 'How do most individuals turn USDC back into dollars?',
          choices: [
            'By emailing Circle',
            'By asking LendPath to redeem it',
            'By selling it on an exchange or through a payment app',
          ],
          correct_answer_index: 2,
          reflection_prompt: "Who are Circle's direct customers: individuals or businesses?",
        },
        {
          question: 'Which statement about USDC is true?',
          choices: [
            'It is covered by bank deposit insurance',
            'An attestation checks the reserve at points in time; it is not a guarantee about the future',
            'It pays interest to every holder automatically',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'What does a report about last month tell you, and what can it not tell you?',
        },
      ],
    },
    {
      slug: 'usdc-on-chain',
      title: 'USDC on the Chain: Decimals, Addresses and Networks',
      sections: [
        { type: 'subheading', content: 'Six decimals' },
        {
          type: 'paragraph',
          content:
            'Blockchains do not handle fractions directly. Token contracts store whole numbers and declare how many of the digits count as decimals. USDC uses 6 decimals, so one USDC is stored as 1,000,000 base units and the smallest possible amount is 0.000001 USDC. ETH, by contrast, uses 18 decimals.',
        },
        {
          type: 'paragraph',
          content:
            "You rarely see base units, because wallets and apps convert them for you. They matter when you read contract data or block explorer pages directly. LendPath's lending contract works in these units, so a 10 USDC loan is the number 10,000,000 on chain, and 0.01 USDC is 10,000. If a figure ever looks a million times too large, it is probably shown in base units.",
        },
        {
          type: 'image',
          content:
            '10 USDC as it appears in a wallet and as the contract stores it: 10,000,000 base units, because USDC has six decimals.',
          url: '/content/academy/sections/usdc-six-decimals.svg',
        },
        { type: 'subheading', content: 'The token is an address' },
        {
          type: 'paragraph',
          content:
            'Every USDC is an entry in a smart contract at a specific address on each network. Anyone can create a token and call it "USDC", with the same name and logo, so the name in your wallet proves nothing. What matters is the contract address: Circle publishes the official USDC address for every network it supports, and reputable wallets and block explorers label it.',
        },
        {
          type: 'paragraph',
          content:
            "LendPath's lending contract is tied to a single USDC contract, fixed when the lending contract was deployed and unchangeable afterwards. A token with the same name at a different address will not work with it.",
        },
        { type: 'subheading', content: 'Native and bridged USDC' },
        {
          type: 'paragraph',
          content:
            'Circle issues USDC natively on a number of networks, including Ethereum and Arbitrum. On some networks you may also find "bridged" versions, created when USDC was locked on one chain and a bridge issued a stand-in for it on another. On Arbitrum, the older bridged version is commonly labeled USDC.e. A bridged token depends on the bridge that created it and is not the same token as native USDC.',
        },
        {
          type: 'paragraph',
          content:
            'To move USDC between networks, Circle offers the Cross-Chain Transfer Protocol (CCTP), which burns USDC on the source chain and mints the same amount natively on the destination chain. Many wallets and bridges use it behind the scenes.',
        },
        { type: 'subheading', content: 'Sending USDC safely' },
        {
          type: 'paragraph',
          content:
            "Sending USDC is an ordinary token transfer, paid for with gas in the network's native coin, which is ETH on Arbitrum. Check three things every time: the recipient's address, the network you are both using, and that the token is the genuine USDC on that network. Exchanges in particular may accept deposits on some networks only; sending on an unsupported one can leave funds stuck or lost.",
        },
      ],
      quiz: [
        {
          question: 'How many decimals does USDC use?',
          choices: ['18', '2', '6', '8'],
          correct_answer_index: 2,
          reflection_prompt: 'How many base units make up one USDC? Count the zeros.',
        },
        {
          question: 'How does the lending contract store a loan of 10 USDC?',
          choices: ['10,000,000', '10', '1,000'],
          correct_answer_index: 0,
          reflection_prompt: 'Multiply by one million base units per USDC.',
        },
        {
          question: 'What proves that a token in your wallet is genuine USDC?',
          choices: [
            'Its name and logo',
            "Its contract address matching Circle's published address for that network",
            'Its price on the day',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Which of these could anyone copy when creating a token of their own?',
        },
        {
          question: "What does Circle's Cross-Chain Transfer Protocol (CCTP) do?",
          choices: [
            'It burns USDC on one chain and mints it natively on another',
            'It converts USDC into ETH',
            'It freezes USDC while it travels',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'How could you end up with native USDC, rather than a stand-in, on the destination chain?',
        },
        {
          question: 'What pays the gas when you send USDC on Arbitrum?',
          choices: ['Nothing: token transfers are free', 'A small part of the USDC sent', 'ETH'],
          correct_answer_index: 2,
          reflection_prompt: "Gas is always paid in the network's native coin. What is Arbitrum's?",
        },
      ],
    },
    {
      slug: 'stablecoin-risks',
      title: 'What Can Go Wrong: Depegs and Freezes',
      sections: [
        { type: 'subheading', content: 'Depeg risk' },
        {
          type: 'paragraph',
          content:
            'A depeg is when a stablecoin trades noticeably away from its target price. For a fiat-backed coin, the usual trigger is doubt about the reserve: if holders fear that not every token can be redeemed for a dollar, they rush to sell, and the market price falls below $1.',
        },
        {
          type: 'paragraph',
          content:
            "USDC has depegged before. In March 2023, Circle disclosed that about $3.3 billion of its reserve was held at Silicon Valley Bank, which had just failed. Over that weekend, USDC fell below 90 cents on some markets. It returned to about $1 within days, after US authorities announced that the bank's depositors would be protected. The episode showed how much even a well-backed coin depends on the banks and institutions behind it.",
        },
        {
          type: 'image',
          content:
            'Left: a schematic of a market price dipping below the $1 peg and recovering. Right: an address blocked by the issuer, so USDC transfers to and from it fail.',
          url: '/content/academy/sections/stablecoin-risks.svg',
        },
        { type: 'subheading', content: 'The issuer can freeze addresses' },
        {
          type: 'paragraph',
          content:
            'The USDC contract gives Circle the ability to blacklist addresses. A blacklisted address can no longer send or receive USDC, so its balance is effectively frozen. Circle uses this to comply with sanctions and law enforcement; for example, it froze USDC held at addresses linked to the Tornado Cash mixer after US sanctions in August 2022.',
        },
        {
          type: 'paragraph',
          content:
            'For most people this never matters, but it is an important difference from a coin like ETH. USDC moves on open blockchains, but who issues it, and who can stop it, is centralized. Its administrators can also pause the contract and upgrade its code.',
        },
        { type: 'subheading', content: 'How LendPath handles a frozen lender' },
        {
          type: 'paragraph',
          content:
            "A freeze could, in principle, block a loan repayment: if a lender's address were blacklisted, a USDC transfer to it would fail. LendPath's contract plans for this. When a repayment cannot be delivered to the lender directly, the contract holds it in escrow and still records the loan as repaid, so a borrower can never be pushed into default by a lender who cannot receive. The lender can claim the escrowed amount later and have it sent to any address they choose, so they need not wait for their own address to be unfrozen; they can send the claim themselves or sign one that someone else submits.",
        },
        { type: 'subheading', content: 'Other risks to keep in mind' },
        {
          type: 'paragraph',
          content:
            'Smart contracts can have bugs, bridges have been hacked, and the rules for stablecoins differ between countries and are still changing. None of this is a reason to panic, but it is a reason not to treat any stablecoin as risk-free, and not to keep more in one place than you are prepared to put at risk.',
        },
        {
          type: 'paragraph',
          content:
            'A sensible habit is to follow announcements from the issuer and the platforms you use through their official channels only. During a depeg, scammers often appear offering "rescue" or "swap" services; the scams course explains how to spot them.',
        },
      ],
      quiz: [
        {
          question: 'What usually triggers the depeg of a fiat-backed stablecoin?',
          choices: [
            'Too many payments on the network',
            'A public holiday',
            'Doubt that every token can be redeemed for a dollar',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'What anchors the price in the first place?',
        },
        {
          question: 'What happened to USDC in March 2023?',
          choices: [
            'It was permanently replaced by a new token',
            'It briefly fell below its peg after part of its reserve was caught in a bank failure, then recovered',
            'It rose to $1.50',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Where was part of the reserve held, and what happened to that bank?',
        },
        {
          question: 'What can Circle do to a blacklisted address?',
          choices: [
            'Read its private key',
            'Move the ETH it holds',
            'Stop it from sending or receiving USDC',
            'Nothing at all',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'Circle controls the USDC contract. What does it not control?',
        },
        {
          question:
            "On LendPath, what happens if a repayment can't be delivered to a blacklisted lender?",
          choices: [
            'The contract holds it in escrow, the loan counts as repaid, and the lender can claim it later',
            'The loan is marked as defaulted',
            'The borrower keeps the money',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Should an honest borrower be punished because the lender cannot receive?',
        },
        {
          question: 'Which description of USDC is accurate?',
          choices: [
            'Fully decentralized: nobody can ever stop a transfer',
            'It moves on open blockchains, but a central issuer can freeze addresses',
            'It is guaranteed by bank deposit insurance',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Think separately about how USDC moves and about who issues it.',
        },
      ],
    },
  ],
};
