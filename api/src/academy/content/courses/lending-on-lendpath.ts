import type { SeedCourse } from '../types';

export const lendingOnLendpath: SeedCourse = {
  slug: 'lending-on-lendpath',
  categorySlug: 'lending-safety',
  title: 'How Peer-to-Peer Lending Works on LendPath',
  description:
    'Follow a loan from request to repayment: who can do what, how interest, the platform fee and late penalties are calculated, and what the contract can and cannot guarantee.',
  overview:
    "LendPath lets members lend small amounts of USDC directly to each other through a smart contract on Arbitrum. This course explains exactly how that contract works: the life of a loan from request to funding, repayment, cancellation or default; how the lender's APR, simple interest, the 1% platform fee and the late penalty are calculated, with a worked example; what happens to a repayment the lender cannot receive; what the platform operator can and cannot change; and how the app reads every status from the chain. Above all, it is honest about risk: loans are unsecured, a lender can lose the whole principal, and a score beside a borrower is a signal, not a promise. Nothing here is financial advice.",
  rating: 4.9,
  coverImage: '/content/academy/covers/lending-on-lendpath.svg',
  modules: [
    {
      slug: 'peer-to-peer-lending-basics',
      title: 'Peer-to-Peer Lending, Plainly',
      sections: [
        { type: 'subheading', content: 'Members lending to members' },
        {
          type: 'paragraph',
          content:
            'Peer-to-peer (P2P) lending means people lend directly to other people, without a bank in the middle taking deposits and deciding who gets credit. On LendPath, one member asks to borrow a small amount of USDC for a set time, and another member decides whether to fund it and at what interest rate.',
        },
        {
          type: 'paragraph',
          content:
            'Loans here are deliberately small: at present between 0.01 and 10 USDC, for 7 to 90 days. They are meant for taking part in lending with real but modest amounts, not for large borrowing.',
        },
        { type: 'subheading', content: 'The contract sets the rules' },
        {
          type: 'paragraph',
          content:
            "Every loan lives in LendPath's lending contract on Arbitrum. The contract records the request; checks that the amount, the duration and the interest rate are within the rules; moves USDC between the members at each step; calculates what is owed; and records how the loan ends. Its rules are published and the contract cannot be upgraded, so the rules you can read are the rules that run.",
        },
        {
          type: 'image',
          content:
            "A borrower and a lender, each with their own wallet, connected through the lending contract: the lender's USDC goes to the borrower, and the repayment goes straight back to the lender.",
          url: '/content/academy/sections/p2p-lending-overview.svg',
        },
        { type: 'subheading', content: 'Non-custodial: your wallet, your signature' },
        {
          type: 'paragraph',
          content:
            "LendPath never holds your keys or keeps your funds in an account. You connect your own wallet, and every step, whether requesting, funding, repaying or canceling, is a transaction you review and sign yourself. USDC moves straight from wallet to wallet: from the lender to the borrower at funding, and from the borrower back to the lender at repayment. No LendPath server has a key that can move members' money.",
        },
        {
          type: 'paragraph',
          content:
            'The contract itself holds USDC only in two safety cases. If a repayment cannot be delivered to the lender, it waits in the contract until the lender claims it; if the platform fee cannot be delivered to the address that collects it, it waits there for that address. A later module shows how that works.',
        },
        { type: 'subheading', content: 'What the contract cannot do' },
        {
          type: 'paragraph',
          content:
            'The most important thing to understand is what the contract does not guarantee. Loans are unsecured: the borrower puts up no collateral, and nothing in the code can force anyone to repay. The contract guarantees that the agreed rules are followed and that the money moves as described. It does not guarantee that a borrower pays back, and a lender can lose the whole principal.',
        },
        {
          type: 'paragraph',
          content:
            'So lend only amounts you can afford to lose, and treat every loan as a personal decision about a particular request. LendPath does not give financial advice, and nothing in this course is a recommendation to borrow or to lend.',
        },
        { type: 'subheading', content: 'Who does what' },
        {
          type: 'paragraph',
          content:
            'Borrowers create requests, can cancel them while nobody has funded them, and repay. Lenders browse the Loan Marketplace, fund the requests they choose, and receive repayments. Once a loan is overdue beyond its grace period, anyone can mark it as defaulted. The next module follows a loan through each of these steps.',
        },
      ],
      quiz: [
        {
          question: "What are LendPath's loan limits at present?",
          choices: [
            '100 to 10,000 USDC, for 1 to 5 years',
            '0.01 to 10 USDC, for 7 to 90 days',
            'Any amount, for any length of time',
          ],
          correct_answer_index: 1,
          reflection_prompt: "These are micro-loans. Which option fits the word 'micro'?",
        },
        {
          question: 'Who holds the keys that move your USDC on LendPath?',
          choices: ['You, in your own wallet', "LendPath's servers", "The other member's bank"],
          correct_answer_index: 0,
          reflection_prompt: 'What does non-custodial mean for who signs each step?',
        },
        {
          question: 'What does the lending contract guarantee?',
          choices: [
            'That every borrower repays',
            'That lenders always earn interest',
            'That the agreed rules are followed and the money moves as described',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Code can enforce rules about money it moves. Can it make a person pay?',
        },
        {
          question: 'What secures a LendPath loan if the borrower never repays?',
          choices: [
            'Collateral held by the contract',
            'LendPath repays the lender from its own funds',
            'Nothing: loans are unsecured, and the lender can lose the principal',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'Did the borrower deposit anything when they asked for the loan?',
        },
        {
          question: 'When does the lending contract itself hold USDC?',
          choices: [
            'Always, between funding and repayment',
            "Only when a repayment or a fee can't be delivered and waits to be claimed",
            'Never, under any circumstances',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Money normally goes wallet to wallet. What happens when a transfer cannot arrive?',
        },
      ],
    },
    {
      slug: 'life-of-a-loan',
      title: 'The Life of a Loan',
      sections: [
        { type: 'subheading', content: '1. Requested' },
        {
          type: 'paragraph',
          content:
            'A borrower opens Request Loan, enters an amount in USDC, a duration in days and a short description, and signs a transaction. The contract checks that the amount and duration are within the limits, gives the loan a number and records it as requested. It also records the late-penalty schedule and grace period in force at that moment: they govern this loan whatever the platform changes later. The request then appears in the Loan Marketplace. No USDC moves at this stage; the borrower pays only a little gas.',
        },
        {
          type: 'paragraph',
          content:
            "The request also fixes the highest APR a lender may charge: the platform's maximum APR at the moment of the request, or a lower cap the borrower names. No lender can fund above it, even if the platform raises its maximum later. If the platform lowers its maximum, the lower one applies.",
        },
        { type: 'subheading', content: '2a. Canceled' },
        {
          type: 'paragraph',
          content:
            'While a request is still waiting for a lender, the borrower can cancel it. Only the borrower can do this, and only before it is funded; once a lender has funded it, the loan has to run its course. A canceled request is final.',
        },
        {
          type: 'image',
          content:
            'The loan lifecycle: requested, then either canceled by the borrower or funded by a lender. A funded loan is repaid, or after the due date and grace period it can be marked defaulted, and a defaulted loan can still be repaid.',
          url: '/content/academy/sections/loan-lifecycle.svg',
        },
        { type: 'subheading', content: '2b. Funded' },
        {
          type: 'paragraph',
          content:
            "A lender chooses a request, sets an APR in the Set Interest Rate window and signs. A member cannot fund their own request; the contract refuses it. Funding takes the full principal from the lender's wallet: the borrower receives the principal minus the 1% platform fee, and the fee goes to the platform. From this moment the clock runs, and the due date is the funding time plus the agreed duration.",
        },
        {
          type: 'paragraph',
          content:
            "Because the contract moves the lender's USDC, the lender's wallet first asks for an approval allowing the lending contract to spend it. Check that the spender is LendPath's lending contract before you confirm.",
        },
        { type: 'subheading', content: '3. Repaid' },
        {
          type: 'paragraph',
          content:
            "By the due date, the borrower repays the principal plus the agreed interest; repaying late adds a penalty, covered in the next module. Repayment is always the full amount, in one transaction, and the borrower approves the contract to move it first. The USDC goes straight from the borrower's wallet to the lender's, and the app shows the loan as COMPLETED.",
        },
        { type: 'subheading', content: 'Or: defaulted' },
        {
          type: 'paragraph',
          content:
            "If a funded loan is still unpaid three days after its due date, at the end of the grace period, anyone may mark it as defaulted; often this will be the lender. The default is recorded on chain and becomes part of the borrower's repayment history. It does not cancel the debt: a defaulted loan can still be repaid, late penalty included, and it then becomes repaid.",
        },
        { type: 'subheading', content: 'Following along in the app' },
        {
          type: 'paragraph',
          content:
            "The app's status badges follow these steps: REQUESTED, FUNDED, COMPLETED for repaid loans, CANCELLED and DEFAULTED. They are built from the lending contract's events on the chain, never from what anyone types in, so what you see reflects what actually happened on Arbitrum.",
        },
      ],
      quiz: [
        {
          question: 'Who can cancel a loan request?',
          choices: [
            'Only the borrower, and only while it is still requested',
            'Any member',
            'The lender, at any time',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Once someone has sent USDC to the borrower, could the loan just be called off?',
        },
        {
          question: "When does a loan's clock start running?",
          choices: ['When it is requested', 'When it is funded', 'When the borrower next logs in'],
          correct_answer_index: 1,
          reflection_prompt: 'When does the borrower actually receive the money?',
        },
        {
          question: 'Can a member fund their own loan request?',
          choices: [
            'Yes, if they pay the fee',
            'Yes, but only once',
            'No: the contract refuses it',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'What would lending money to yourself prove about your repayment history?',
        },
        {
          question: 'When can a funded loan be marked as defaulted?',
          choices: [
            'As soon as it is funded',
            'Only by LendPath staff, whenever they decide',
            'Once the due date and the three-day grace period have passed without repayment',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'What comes straight after the due date, before a loan counts as overdue?',
        },
        {
          question: 'Can a defaulted loan still be repaid?',
          choices: [
            'Yes: with the late penalty, and it then becomes repaid',
            'No: the debt is erased',
            'Only if the lender agrees',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'Does marking a loan defaulted end the debt, or just record that it is overdue?',
        },
      ],
    },
    {
      slug: 'interest-fee-and-penalties',
      title: 'Interest, the Platform Fee and Late Penalties',
      sections: [
        { type: 'subheading', content: 'The interest rate (APR)' },
        {
          type: 'paragraph',
          content:
            "The lender chooses the annual percentage rate (APR) when funding: at least 1%, in steps of 0.5% (1%, 1.5%, 2% and so on), up to the loan's ceiling. The ceiling was fixed at the request: the platform's maximum then (20% today), or the lower cap the borrower named. A later rise in the platform's maximum never lifts it, and a later cut lowers it. The chosen rate is fixed for the life of the loan.",
        },
        { type: 'subheading', content: 'Simple interest for the agreed duration' },
        {
          type: 'paragraph',
          content:
            'Interest is simple interest on the principal for the agreed duration: principal × APR × days ÷ 365. It does not compound, and it is charged for the whole agreed term, so repaying early does not reduce it. The contract rounds the result up to the smallest unit of USDC (0.000001), so the lender never receives less than the exact figure.',
        },
        {
          type: 'paragraph',
          content:
            'For example, take 10 USDC at 10% APR for 30 days: 10 × 0.10 × 30 ÷ 365 = 0.0821917… USDC, which rounds up to 0.082192 USDC. Repaid on time, the borrower pays back 10.082192 USDC.',
        },
        { type: 'subheading', content: 'The platform fee' },
        {
          type: 'paragraph',
          content:
            'The platform fee is 1% of the principal, taken once, at funding. The lender sends the full principal; the borrower receives the principal minus the fee, and the fee goes to the platform. In the example, the borrower receives 9.90 USDC but still owes the full 10 USDC plus interest. The fee is rounded down, so it is never more than the exact 1%.',
        },
        {
          type: 'image',
          content:
            'Worked example for 10 USDC at 10% APR over 30 days: the lender sends 10 USDC, the borrower receives 9.90 and the fee is 0.10; repaid on time, the borrower pays 10.082192 USDC; each started day late after the 3-day grace period adds 0.10 USDC, up to 3.00.',
          url: '/content/academy/sections/loan-worked-example.svg',
        },
        { type: 'subheading', content: 'The fee pledge' },
        {
          type: 'paragraph',
          content:
            'The contract lets the platform fee go down but never up: the function that sets it rejects any increase. This promise, the fee pledge, is enforced by the code itself, not just by policy. A loan pays the lower of the fee when it was requested and the fee when it is funded, and keeps that fee. If the address that collects fees cannot receive one, the contract holds it for that address, and the loan is funded all the same.',
        },
        { type: 'subheading', content: 'Late penalties' },
        {
          type: 'paragraph',
          content:
            'A loan is due at the end of its duration, and a three-day grace period follows with no penalty. After the grace period, a late penalty of 1% of the principal is added for each started day, up to a maximum of 30 days\' worth, which is 30% of the principal. "Started" means that even one hour into a new day counts as a whole day.',
        },
        {
          type: 'paragraph',
          content:
            'In the example, repaying 2 days and 3 hours after the grace period ends adds 3 started days, or 0.30 USDC, for a total of 10.382192 USDC. However late the repayment, the penalty stops growing after 30 days, at 3.00 USDC.',
        },
        { type: 'subheading', content: 'Terms are locked in at the request' },
        {
          type: 'paragraph',
          content:
            'The platform can adjust some settings for future loans, such as the loan limits, the maximum APR or the penalty schedule, within bounds written into the contract. A request, though, keeps the APR ceiling, grace period and penalty schedule that were in force when it was made; its fee can only go down before funding, and once funded its APR never changes. Nothing that changes later can make an existing loan more expensive.',
        },
        {
          type: 'paragraph',
          content:
            'The app shows the due date and repayment amount for each funded loan, and the contract can report the exact breakdown, so you never have to work it out by hand. Knowing how the figures are calculated lets you check them.',
        },
      ],
      quiz: [
        {
          question: 'Who chooses the APR on a LendPath loan, and within what range?',
          choices: [
            'The borrower, anywhere from 0% to 100%',
            'LendPath, fixed at 5%',
            'The lender, from 1% in 0.5% steps, up to the ceiling fixed when the loan was requested',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'Think about the Set Interest Rate window a lender sees when funding.',
        },
        {
          question: 'A 10 USDC loan is funded. How much does the borrower receive?',
          choices: [
            '9.90 USDC: the principal minus the 1% platform fee',
            '10.00 USDC',
            '10.10 USDC',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'The fee is taken at funding. From whose side of the transfer?',
        },
        {
          question:
            'A borrower repays a 30-day loan after only 10 days. How much interest is owed?',
          choices: [
            'Interest for 10 days',
            'Interest for the full agreed 30 days',
            'No interest at all',
          ],
          correct_answer_index: 1,
          reflection_prompt:
            'Is interest calculated on the time actually used or on the agreed duration?',
        },
        {
          question:
            'The grace period on a 10 USDC loan ends on Monday at 12:00, and the borrower repays on Tuesday at 13:00. What is the late penalty?',
          choices: [
            'Nothing: it is still within the grace period',
            '0.10 USDC',
            '0.20 USDC, for two started days',
            '3.00 USDC',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Count the days that have begun since the grace period ended, not the days that have finished.',
        },
        {
          question: 'What is the fee pledge?',
          choices: [
            'A refund of all fees after repayment',
            'A bonus for repaying early',
            'A fee that lenders pay to borrowers',
            'A rule in the contract that the platform fee can go down but never up',
          ],
          correct_answer_index: 3,
          reflection_prompt: 'Which direction is the fee allowed to move, and what enforces it?',
        },
        {
          question:
            'The platform changes its late-penalty schedule next month. What happens to your loan requested today?',
          choices: [
            'It keeps the terms that were in force when it was requested',
            'It switches to the new terms automatically',
            'It is canceled',
          ],
          correct_answer_index: 0,
          reflection_prompt:
            'What does the contract record about a loan at the moment it is requested?',
        },
      ],
    },
    {
      slug: 'repayment-escrow-and-controls',
      title: 'Repayments, Escrow and Platform Controls',
      sections: [
        { type: 'subheading', content: 'Repayment goes straight to the lender' },
        {
          type: 'paragraph',
          content:
            "When a borrower repays, the contract moves the full amount from the borrower's wallet directly to the lender's wallet, in the same transaction. The lender does not need to do anything or even be online, and LendPath never holds the money along the way.",
        },
        { type: 'subheading', content: 'When the lender cannot receive: escrow' },
        {
          type: 'paragraph',
          content:
            "Sometimes a transfer to the lender could fail, for example if the lender's address has been blacklisted by USDC's issuer. Without a safeguard, that would trap an honest borrower: unable to repay, they would slide into default through no fault of their own. So if the direct transfer fails, the contract takes the repayment into escrow instead, marks the loan as repaid and records that the funds are waiting.",
        },
        {
          type: 'paragraph',
          content:
            'The lender claims the escrowed amount later and can have it sent to any address they choose, which helps when their own address cannot receive USDC. They can send the claim themselves, or sign a claim in their wallet that anyone may submit for them; a signed claim can only pay the address the lender named. Apart from unclaimed repayments like these and fees the fee address could not receive, the contract is not designed to hold any USDC.',
        },
        {
          type: 'image',
          content:
            'The repayment path: from borrower to lender directly; if that transfer fails, the amount is held in escrow by the contract, the loan is still repaid, and the lender claims it later.',
          url: '/content/academy/sections/repayment-escrow.svg',
        },
        { type: 'subheading', content: 'What the platform operator can and cannot do' },
        {
          type: 'paragraph',
          content:
            "The contract has an owner, the platform's operator, with a short list of powers, each limited by bounds in the code. The owner can lower the platform fee (never raise it); adjust the loan limits, the maximum APR and the late-penalty schedule for loans requested later (a lower maximum APR also applies to requests not yet funded); change where fees are sent; pause the contract in an emergency; and recover tokens sent to the contract by mistake.",
        },
        {
          type: 'paragraph',
          content:
            "The owner cannot move members' USDC, cannot change a loan's penalty terms or raise its APR ceiling once it is requested, cannot raise the fee and cannot upgrade the contract's code. Nor can the owner touch escrowed repayments or held fees: only what the contract holds above them can be recovered, and its code never lets its USDC balance fall below them. Because members' approvals point at this exact code, the rules they agreed to stay the rules.",
        },
        { type: 'subheading', content: 'What a pause does' },
        {
          type: 'paragraph',
          content:
            'A pause is an emergency brake. While the contract is paused, no new loans can be requested or funded, and no loan can be marked as defaulted. Repaying, canceling a request and claiming escrow keep working, so nobody can be trapped in a loan by a pause. Late penalties still follow the calendar, though, so borrowers can and should keep repaying on time.',
        },
        { type: 'subheading', content: 'How the app knows what happened' },
        {
          type: 'paragraph',
          content:
            "The app does not decide loan statuses; it reads them from the contract's events on the chain. Each event, whether requested, funded, repaid, canceled or defaulted, is picked up by LendPath's indexer, and the status you see is rebuilt from those events. Right after you sign, the app may show the change before the indexer catches up, but only after checking your transaction's receipt on chain.",
        },
        {
          type: 'paragraph',
          content:
            'Each status also shows how settled it is: pending, then safe, then finalized, which the app calls chain-verified. In the rare case that a recent block is replaced, the app rebuilds the status from the events that remain, so it never shows something the chain does not say.',
        },
      ],
      quiz: [
        {
          question: 'Where does a repayment normally go?',
          choices: [
            'To LendPath first, then to the lender a week later',
            "Straight from the borrower's wallet to the lender's wallet",
            'To the platform fee address',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Does the lender need to be online, or do anything, to be repaid?',
        },
        {
          question: 'Why does the contract escrow a repayment that the lender cannot receive?',
          choices: [
            'To earn interest on it for the platform',
            'Because lenders must always wait seven days',
            'So a borrower cannot be pushed into default by a lender who cannot receive',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'Without escrow, what would happen to an honest borrower trying to repay?',
        },
        {
          question: 'Who can claim escrowed funds?',
          choices: [
            'Anyone who knows the loan number',
            'The lender, to any address they choose, by their own transaction or a claim they sign',
            'The borrower, after 30 days',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Whose money is it once the borrower has repaid?',
        },
        {
          question: 'Which of these can the platform operator NOT do?',
          choices: [
            'Lower the platform fee',
            'Pause new requests and fundings',
            "Move members' USDC, escrow included, or worsen a loan's agreed terms",
            'Adjust the loan limits for future requests',
          ],
          correct_answer_index: 2,
          reflection_prompt:
            'The owner manages settings for the future. What about money and loans that already exist?',
        },
        {
          question: 'While the contract is paused, which action still works?',
          choices: [
            'Funding new loans',
            'Requesting new loans',
            'Marking loans as defaulted',
            'Repaying loans and claiming escrow',
          ],
          correct_answer_index: 3,
          reflection_prompt:
            'A pause should never trap anyone. Which actions let people get out of a loan?',
        },
        {
          question: 'Where does the app get loan statuses from?',
          choices: [
            'From what the borrower types into the form',
            "From the lending contract's events on the chain",
            'From emails sent by lenders',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Which source can nobody fake by typing something in?',
        },
      ],
    },
    {
      slug: 'risk-defaults-and-trust',
      title: 'Risk, Defaults and Trust Signals',
      sections: [
        { type: 'subheading', content: 'Lending is risky' },
        {
          type: 'paragraph',
          content:
            'Every LendPath loan is unsecured. If a borrower does not repay, there is no collateral to take, no automatic recovery and no guarantee fund, and the lender may lose the whole principal. Late penalties only help if the borrower eventually repays. Treat any amount you lend as money you could lose, and never lend money you need.',
        },
        { type: 'subheading', content: 'What a default means' },
        {
          type: 'paragraph',
          content:
            "A loan can be marked as defaulted once its due date and the three-day grace period have passed without repayment, and anyone may do the marking. For the lender, that record confirms the loan is overdue but brings no money back by itself. For the borrower, a default is a visible part of their repayment history, but the debt remains: they can still repay, with the late penalty (which stops growing after 30 days' worth), and the loan then becomes repaid.",
        },
        {
          type: 'image',
          content:
            "A loan request card with the borrower's score beside it, marked as a third-party signal, next to a lender's checklist: amount, duration, description and history, with the reminder that a score is not a guarantee.",
          url: '/content/academy/sections/borrower-trust-signals.svg',
        },
        { type: 'subheading', content: 'ConfirmU scores: a signal, not a guarantee' },
        {
          type: 'paragraph',
          content:
            "Beside each borrower in the marketplace you may see a score from ConfirmU, a third-party credit-scoring service; when no score is available, the card says so. Where ConfirmU is not in use, the app may instead show LendPath's own score, built from a member's finalized repayment history on the platform. Repaying on time raises it, more for larger and longer loans and for loans from several different lenders; defaults lower it sharply; and loans between a member's own wallets do not count.",
        },
        {
          type: 'paragraph',
          content:
            'Either way, a score is one piece of information, from an outside service or from a limited history. It is not a promise that the borrower will repay, it can be wrong, and a new member with no history may be perfectly reliable, or not. Use it alongside everything else you can see, not instead of your own judgment.',
        },
        { type: 'subheading', content: 'Questions a lender can ask' },
        {
          type: 'paragraph',
          content:
            "Do the amount and duration make sense for the description given? What does this borrower's history on the platform show, if there is any? Am I spreading my lending across several small loans rather than one? If this loan were never repaid, would I be fine? A higher rate does not make a loan safer; it only pays you more for taking the risk.",
        },
        { type: 'subheading', content: 'Good habits for borrowers' },
        {
          type: 'paragraph',
          content:
            'Borrow only what you are confident you can repay by the due date, remembering that you owe the full principal plus interest even though you receive the principal minus the 1% fee. Keep enough USDC, and a little ETH for gas, in your wallet ahead of the due date. If you do run late, repay as soon as you can: after the grace period, the penalty grows by 1% of the principal for each started day.',
        },
        { type: 'subheading', content: 'Staying safe in the marketplace' },
        {
          type: 'paragraph',
          content:
            'All loan business happens through the contract. Nobody from LendPath will ask you to send USDC to a personal address, to pay a fee to "unlock" a loan, or to share your seed phrase. A member who tries to move a deal off the platform, or who pressures you with urgency or a sad story, is showing a warning sign. The scams course covers these tactics in detail.',
        },
      ],
      quiz: [
        {
          question: 'If a borrower never repays, what protects the lender?',
          choices: [
            'Collateral the borrower deposited',
            'A LendPath guarantee fund',
            'Nothing: loans are unsecured, and the lender can lose the principal',
          ],
          correct_answer_index: 2,
          reflection_prompt: 'Think back to what the contract guarantees, and what it does not.',
        },
        {
          question: 'What does a ConfirmU score beside a borrower tell you?',
          choices: [
            'A third-party signal about the borrower, which can be wrong',
            'That the borrower will definitely repay',
            'That LendPath has approved the loan',
          ],
          correct_answer_index: 0,
          reflection_prompt: 'Who produces the score, and does anyone promise anything with it?',
        },
        {
          question: 'Does choosing a higher APR make a loan safer for the lender?',
          choices: [
            'Yes: a higher rate forces repayment',
            'No: it only pays the lender more for taking the risk',
            'Yes: the contract holds extra collateral at higher rates',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Does the rate change whether the borrower can or will repay?',
        },
        {
          question:
            'A borrower receives 9.90 USDC from a 10 USDC loan. What must they repay on time?',
          choices: ['9.80 USDC', '9.90 USDC plus interest', 'The full 10 USDC plus interest'],
          correct_answer_index: 2,
          reflection_prompt: 'Where did the missing 0.10 USDC go, and whose principal is it?',
        },
        {
          question:
            'A member asks you to send a fee to a personal address to "unlock" your loan. What is this?',
          choices: [
            'A normal LendPath step',
            'A warning sign of a scam: loan business happens only through the contract',
            'A requirement for first-time borrowers',
          ],
          correct_answer_index: 1,
          reflection_prompt: 'Which transactions does a loan on LendPath actually involve?',
        },
      ],
    },
  ],
};
