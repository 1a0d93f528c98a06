import type { SeedCourse } from '../types';

export const arbitrumAndLayer2s: SeedCourse = {
  slug: 'arbitrum-and-layer-2s',
  categorySlug: 'stablecoins-networks',
  title: 'Arbitrum and Layer 2s',
  description:
    'How rollups make Ethereum cheaper to use, how Arbitrum stays honest with fraud proofs, and what that means for gas, bridging and finality.',
  overview:
    'LendPath runs on Arbitrum, a layer 2 network built on top of Ethereum. This course explains why layer 2s exist and how rollups bundle transactions into batches posted to Ethereum. You will see how Arbitrum, an optimistic rollup, keeps its results honest with challenges and interactive fraud proofs, why withdrawals through the official bridge take about a week while deposits take minutes, and how to use the network day to day: chain IDs, the Arbitrum Sepolia test network, gas paid in ETH, and the pending, safe and finalized stages you will see on your loans.',
  rating: 4.5,
  coverImage: '/content/academy/covers/arbitrum-and-layer-2s.svg',
  modules: [
    {
      slug: 'why-layer-2s',
      title: 'Why Layer 2s Exist',
      sections: [
        { type: 'subheading', content: "Ethereum's trade-off" },
        {
          type: 'paragraph',
          content:
            'Ethereum is designed so that many independent computers can check every transaction. That makes it secure and hard to censor, but it limits how much fits into each block. When demand is high, users bid against each other for block space and fees rise, sometimes to the point where a small payment costs more in gas than it is worth.',
        },
        {
          type: 'paragraph',
          content:
            'For micro-loans of a few USDC, that matters: paying several dollars in fees to move a fraction of that would make no sense. Layer 2 networks are one of the main answers to this problem.',
        },
        { type: 'subheading', content: 'Layer 1 and layer 2' },
        {
          type: 'paragraph',
          content:
            "Layer 1 (L1) is the base blockchain, here Ethereum. A layer 2 (L2) is a separate network that executes transactions on its own, quickly and cheaply, but relies on Ethereum for its security: it records its transaction data on Ethereum, and contracts on Ethereum decide what counts as the L2's correct state. The aim is lower fees without giving up Ethereum's guarantees.",
        },
        { type: 'subheading', content: 'Rollups' },
        {
          type: 'paragraph',
          content:
            'The most widely used L2 design is the rollup. A rollup executes transactions away from Ethereum, then "rolls up" hundreds or thousands of them into a compressed batch and posts that batch to Ethereum. The cost of the Ethereum transaction is shared by everyone in the batch, so each user pays far less.',
        },
        {
          type: 'image',
          content:
            "Many layer 2 transactions are collected into batches and posted to Ethereum (layer 1), which stores the data and checks the rollup's claimed results.",
          url: '/content/academy/sections/rollup-batches.svg',
        },
        {
          type: 'paragraph',
          content:
            "Because the batch data lives on Ethereum, anyone can rebuild the rollup's state from it, even if the rollup's own operators disappear. That is the key difference between a rollup and an unrelated blockchain that merely connects to Ethereum through a bridge.",
        },
        { type: 'subheading', content: 'Two families: optimistic and zero-knowledge' },
        {
          type: 'paragraph',
          content:
            'Rollups need a way to convince Ethereum that their results are correct. Optimistic rollups, such as Arbitrum and Optimism, treat results as correct unless someone proves otherwise within a challenge window; the next module explains how. Zero-knowledge (ZK) rollups instead post a cryptographic validity proof with their results, which Ethereum checks directly.',
        },
        {
          type: 'paragraph',
          content:
            'Both approaches aim for the same outcome: cheap, fast transactions whose correctness is ultimately enforced by Ethereum. They differ in the machinery, and in practical details such as how long it takes to withdraw funds back to Ethereum.',
        },
        { type: 'subheading', content: 'Where LendPath fits' },
        {
          type: 'paragraph',
          content:
            "LendPath's lending contract runs on Arbitrum One, an optimistic rollup on Ethereum, and is tested on Arbitrum Sepolia, its test network. Your loan transactions are confirmed within seconds and usually cost a small fraction of what the same action would cost on Ethereum itself, while the record of them is ultimately secured by Ethereum.",
        },
      ],
      quiz: [
        {
          question: 'Why do fees on Ethereum rise when demand is high?',
          choices: [
            'Validators go on strike',
            'Block space is limited, so users bid against each other for it',
            'Ethereum charges a monthly subscription',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'What happens to the price of anything scarce when more people want it?',
        },
        {
          question: 'What does a rollup post to Ethereum?',
          choices: [
            'Nothing: it is completely separate',
            'Compressed batches of its transaction data',
            'Only its logo and name',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'How can thousands of users share the cost of one Ethereum transaction?',
        },
        {
          question: "Why can a rollup's state be rebuilt even if its operators disappear?",
          choices: [
            'Its batch data is stored on Ethereum',
            'Its operators keep backups on USB sticks',
            'It cannot be rebuilt',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'Where does the record of every rollup transaction end up?',
        },
        {
          question: 'How do optimistic rollups differ from zero-knowledge rollups?',
          choices: [
            'Zero-knowledge rollups have no fees at all',
            "Optimistic rollups don't use Ethereum",
            'Optimistic rollups treat results as valid unless challenged; ZK rollups post a validity proof',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            "What does the word 'optimistic' suggest about how results are accepted?",
        },
        {
          question: 'What kind of network is Arbitrum One?',
          choices: [
            'A separate layer 1 with its own unrelated security',
            'A centralized database run by LendPath',
            'An optimistic rollup on Ethereum',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'Where does Arbitrum post its data, and how are its results checked?',
        },
      ],
    },
    {
      slug: 'optimistic-rollups',
      title: 'Optimistic Rollups and Fraud Proofs',
      sections: [
        { type: 'subheading', content: 'The sequencer: putting transactions in order' },
        {
          type: 'paragraph',
          content:
            'On Arbitrum, transactions are normally sent to a sequencer, which puts them in order and executes them straight away. You get a result within about a second, which is why Arbitrum feels fast. The sequencer then compresses the ordered transactions into batches and posts them to Ethereum.',
        },
        {
          type: 'paragraph',
          content:
            'The sequencer can order transactions, but it cannot forge them, because each one is signed by its sender. And if it ignored your transaction, Arbitrum has a fallback: you can submit the transaction through a contract on Ethereum, called the delayed inbox, and if the sequencer still leaves it out, it can be forced into the chain after a waiting period.',
        },
        { type: 'subheading', content: 'Assertions: claiming the result' },
        {
          type: 'paragraph',
          content:
            'Posting data is only half the job. Ethereum also needs to know the result of running those transactions: the new balances and contract states. Validators post assertions, which are claims about the state of the Arbitrum chain after a run of transactions, and put up a stake, a deposit that they lose if their claim is proven wrong.',
        },
        {
          type: 'paragraph',
          content:
            '"Optimistic" means that Ethereum accepts an assertion without re-running every transaction itself. The safety net is time: each assertion waits through a challenge period of about a week (roughly 6.4 days on Arbitrum One) before it is confirmed. During that window, anyone watching the chain can dispute it.',
        },
        {
          type: 'image',
          content:
            'A disputed assertion is split in half again and again until the disagreement is a single step, which Ethereum executes to decide who was right.',
          url: '/content/academy/sections/fraud-proof-bisection.svg',
        },
        { type: 'subheading', content: 'Fraud proofs: settling a dispute' },
        {
          type: 'paragraph',
          content:
            'If a validator believes an assertion is wrong, it challenges it and puts up a stake of its own. Rather than making Ethereum replay millions of steps, Arbitrum uses an interactive fraud proof: the two sides repeatedly split the disputed computation in half and narrow down the part they disagree about. After enough rounds, the disagreement comes down to a single step of execution, which Ethereum can run cheaply to see who is right.',
        },
        {
          type: 'paragraph',
          content:
            'The side that was wrong loses its stake. This is what makes the system secure: as long as at least one honest party is watching and willing to challenge, an incorrect result cannot be confirmed. You do not need to trust the sequencer, or any particular validator, to be honest.',
        },
        { type: 'subheading', content: 'What this means for you' },
        {
          type: 'paragraph',
          content:
            "In everyday use you will not see any of this. Your transactions confirm quickly, and once the batch containing them has been posted to Ethereum and Ethereum has finalized it, their place in Arbitrum's history is as hard to change as Ethereum's own. That usually takes minutes, not days.",
        },
        {
          type: 'paragraph',
          content:
            'The week-long challenge period matters mainly when you move funds from Arbitrum back to Ethereum through the official bridge, because Ethereum only releases them after the assertion that includes your withdrawal is confirmed. The next module covers bridging in both directions.',
        },
      ],
      quiz: [
        {
          question: "What is the sequencer's job on Arbitrum?",
          choices: [
            "It holds users' private keys",
            'It orders and executes transactions, then posts them in batches to Ethereum',
            'It sets token prices',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Why does a transaction on Arbitrum get a result within about a second?',
        },
        {
          question: "Why is this design called 'optimistic'?",
          choices: [
            'Ethereum accepts claimed results unless someone proves them wrong in time',
            'Fees are expected to fall every year',
            'It assumes every user is honest, so no signatures are needed',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Does Ethereum re-run every Arbitrum transaction before accepting the result?',
        },
        {
          question: 'Roughly how long is the challenge period on Arbitrum One?',
          choices: [
            'About one hour',
            'About one year',
            'There is no challenge period',
            'About a week (roughly 6.4 days)',
          ],
          correct_answer_index: 3,
          reflection_prompt:
            'It has to be long enough for honest watchers to notice and respond to a bad claim.',
        },
        {
          question: "How does an interactive fraud proof keep Ethereum's work small?",
          choices: [
            'By ignoring most disputes',
            'By trusting whatever the sequencer says',
            'By splitting the disputed computation until one step remains, which Ethereum executes',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Replaying millions of steps is expensive. How few could Ethereum get away with checking?',
        },
        {
          question: 'What security assumption does an optimistic rollup rely on?',
          choices: [
            'The sequencer is always honest',
            'Every user checks every block personally',
            'At least one honest party is watching and willing to challenge a wrong result',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'How many honest challengers does it take to stop a false assertion?',
        },
      ],
    },
    {
      slug: 'bridging',
      title: 'Bridging In and Out: Why Withdrawals Take a Week',
      sections: [
        { type: 'subheading', content: 'What a bridge does' },
        {
          type: 'paragraph',
          content:
            "ETH and tokens on Ethereum cannot simply be sent to Arbitrum, because they are separate chains. A bridge moves value between them. Arbitrum's canonical, or official, bridge works by locking tokens in a contract on Ethereum and creating the same amount on Arbitrum, and by doing the reverse when you withdraw.",
        },
        { type: 'subheading', content: 'Deposits: usually minutes' },
        {
          type: 'paragraph',
          content:
            'Depositing from Ethereum to Arbitrum through the canonical bridge usually takes a matter of minutes. Your deposit is a message sent through Ethereum, and Arbitrum includes it once the Ethereum transaction is reasonably settled. You pay Ethereum gas for the deposit, which can be the most expensive step of the whole journey.',
        },
        { type: 'subheading', content: 'Withdrawals: about a week' },
        {
          type: 'paragraph',
          content:
            'Withdrawing from Arbitrum to Ethereum through the canonical bridge takes about a week. The reason is the challenge period from the previous module: Ethereum can only release your funds once the assertion that includes your withdrawal has been confirmed, and that happens only after the roughly 6.4-day window has passed without a successful challenge. You then make a final claim transaction on Ethereum, paying Ethereum gas.',
        },
        {
          type: 'image',
          content:
            'Deposits from Ethereum to Arbitrum arrive in minutes. Withdrawals from Arbitrum to Ethereum through the official bridge wait about seven days for the challenge period, then are claimed on Ethereum.',
          url: '/content/academy/sections/bridge-deposit-withdraw.svg',
        },
        {
          type: 'paragraph',
          content:
            'This wait is part of the security model, not a fault. If withdrawals were released immediately, a fraudulent assertion could let someone withdraw funds that do not exist before anyone had time to challenge it.',
        },
        {
          type: 'paragraph',
          content:
            'Nothing is lost while you wait: the withdrawal is recorded on chain and the bridge shows it as pending. You simply cannot use those funds until the claim, so if you need them on Ethereum by a certain date, start early.',
        },
        { type: 'subheading', content: 'Fast bridges and their trade-offs' },
        {
          type: 'paragraph',
          content:
            "Third-party bridges and exchanges offer faster routes. Typically, a liquidity provider pays you on the other chain straight away and waits out the challenge period itself, for a fee. These services can be convenient, but you are now relying on the bridge's own contracts and operators, and bridges have been among the most frequently hacked parts of crypto.",
        },
        {
          type: 'paragraph',
          content:
            "For USDC specifically, Circle's Cross-Chain Transfer Protocol burns native USDC on one chain and mints native USDC on the other, so you end up with genuine USDC rather than a bridged stand-in. Many exchanges also let you deposit and withdraw USDC directly on Arbitrum, which avoids bridging altogether.",
        },
        { type: 'subheading', content: 'Safe bridging habits' },
        {
          type: 'paragraph',
          content:
            'Reach a bridge by typing its address or through a bookmark, never from ads or direct messages: fake bridge sites are a common phishing trap. Check that you will receive the token you expect on the destination chain, and keep a little ETH on Arbitrum for gas, since without it you cannot move anything there. When trying a new route, send a small amount first.',
        },
      ],
      quiz: [
        {
          question: 'How does the canonical bridge bring tokens from Ethereum to Arbitrum?',
          choices: [
            'It copies them, so you have them on both chains',
            'It locks them on Ethereum and creates the same amount on Arbitrum',
            'It converts them into ETH',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'If the tokens existed freely on both chains at once, what would go wrong?',
        },
        {
          question: 'Roughly how long does a withdrawal through the canonical bridge take?',
          choices: ['About a week', 'A few seconds', 'About a month'],
          correct_answer_index: 0,
          reflection_prompt:
            'Which waiting period from the previous module applies to withdrawals?',
        },
        {
          question: 'Why must withdrawals to Ethereum wait?',
          choices: [
            'Bridge staff review each one by hand',
            'To collect more fees',
            'Ethereum must wait out the challenge period so fraudulent claims can be disputed',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'What could a dishonest assertion do if withdrawals were paid out at once?',
        },
        {
          question: 'What do you rely on when you use a fast third-party bridge?',
          choices: [
            "The bridge's own contracts and operators",
            'Only Ethereum, exactly as with the canonical bridge',
            'Nothing: fast bridges carry no risk',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Someone pays you early and waits in your place. Whose code and honesty are involved?',
        },
        {
          question: 'What should you keep on Arbitrum so that you can move your funds there?',
          choices: [
            'Your seed phrase, saved in a note',
            'A bridged copy of every token',
            'An exchange account',
            'A little ETH to pay for gas',
          ],
          correct_answer_index: 3,
          reflection_prompt:
            'What does every transaction on Arbitrum need, whatever token it moves?',
        },
      ],
    },
    {
      slug: 'using-arbitrum',
      title: 'Using Arbitrum Day to Day: Networks, Gas and Finality',
      sections: [
        { type: 'subheading', content: 'Knowing which network you are on' },
        {
          type: 'paragraph',
          content:
            'Every Ethereum-style network has a chain ID, a number your wallet uses to tell networks apart. It is also built into every signed transaction, so a transaction meant for one network cannot be replayed on another. Arbitrum One, the main network, has chain ID 42161, written 0xa4b1 in hexadecimal. Ethereum mainnet is chain ID 1.',
        },
        {
          type: 'paragraph',
          content:
            'Arbitrum Sepolia, chain ID 421614, is Arbitrum\'s public test network. Its tokens have no real value, so you can practice without risk; test ETH comes from free "faucets". If an app asks you to switch networks, check which one. LendPath names the network it is configured for, and a request from an unfamiliar site to switch to an unfamiliar network is a warning sign.',
        },
        {
          type: 'image',
          content:
            'Two network cards: Arbitrum One, chain ID 42161 (0xa4b1), with real funds; Arbitrum Sepolia, chain ID 421614, with test funds of no value. Both pay gas in ETH.',
          url: '/content/academy/sections/arbitrum-network-card.svg',
        },
        { type: 'subheading', content: 'Gas is paid in ETH' },
        {
          type: 'paragraph',
          content:
            'On Arbitrum, gas is paid in ETH, just as on Ethereum. Fees are usually much lower, but they are not zero, and they have two parts: the cost of executing your transaction on Arbitrum, and a share of the cost of posting its data to Ethereum. When Ethereum is busy, that second part can rise.',
        },
        {
          type: 'paragraph',
          content:
            'For LendPath, this means you need two things in your wallet on Arbitrum: USDC for the loan itself, and a small amount of ETH for gas. Requesting, funding, repaying and canceling are each a transaction, and funding or repaying may also need an approval transaction first.',
        },
        { type: 'subheading', content: 'Confirmations and finality on Arbitrum' },
        {
          type: 'paragraph',
          content:
            'When the sequencer accepts your transaction, you get a near-instant "soft" confirmation. It is very reliable in practice, but it rests on the sequencer. Once the batch containing your transaction is posted to Ethereum, its place in history no longer depends on the sequencer; once that Ethereum block is finalized, reversing it would mean reversing Ethereum itself. On Arbitrum this usually takes minutes, not the week that withdrawals to Ethereum take.',
        },
        {
          type: 'image',
          content:
            'Three stages a loan update passes through in the app: pending when first seen in a block, safe once its batch is on Ethereum, and finalized (chain-verified) once Ethereum has finalized it.',
          url: '/content/academy/sections/finality-stages.svg',
        },
        {
          type: 'paragraph',
          content:
            'Apps can read these stages from the network, which marks blocks as "latest", "safe" and "finalized". LendPath shows them on loans as pending, safe and finalized. Pending means the app has seen the change in a recent block; safe means that block\'s batch is on Ethereum in a block Ethereum considers safe; finalized, shown as chain-verified, means Ethereum has finalized it. A brand-new change briefly shows as pending: that is normal, not a sign of trouble.',
        },
        { type: 'subheading', content: 'Reading the chain yourself' },
        {
          type: 'paragraph',
          content:
            "Block explorers such as Arbiscan show Arbitrum transactions, addresses and contracts. You can look up any transaction hash your wallet gives you and see whether it succeeded, which contract it called and which events it produced. If an app and the chain ever seem to disagree, the chain is the source of truth; LendPath itself builds loan statuses from the lending contract's events on chain.",
        },
      ],
      quiz: [
        {
          question: "What is Arbitrum One's chain ID?",
          choices: ['1', '421614', '42161 (0xa4b1)', '10'],
          correct_answer_index: 2,
          reflection_prompt:
            'One of these is Ethereum mainnet and one is the Arbitrum test network.',
        },
        {
          question: 'What is Arbitrum Sepolia for?',
          choices: [
            'Testing, with tokens that have no real value',
            'Storing long-term savings',
            'Paying lower fees on real transactions',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'Where does the ETH on this network come from, and what is it worth?',
        },
        {
          question: 'Which coin pays for gas on Arbitrum?',
          choices: ['USDC', 'ETH', 'Any token you choose'],
          correct_answer_index: 1,
          reflection_prompt: "Arbitrum is a layer 2 of Ethereum. What is Ethereum's native coin?",
        },
        {
          question: 'What do you need in your wallet on Arbitrum to fund a LendPath loan?',
          choices: ['Only USDC', 'Only ETH', 'USDC for the loan and a little ETH for gas'],
          correct_answer_index: 2,
          reflection_prompt: 'One token is what you lend; what pays for the transaction itself?',
        },
        {
          question: "A repayment you just made shows as 'pending' in the app. What does that mean?",
          choices: [
            'The repayment failed',
            'The app has seen it in a recent block that is not yet safe or finalized',
            'The lender must approve it first',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'What comes after pending, and how long does it usually take on Arbitrum?',
        },
      ],
    },
  ],
};
