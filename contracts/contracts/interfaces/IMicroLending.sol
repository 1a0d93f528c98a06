// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IMicroLending
/// @notice Peer-to-peer USDC micro-loans. A borrower requests a loan; another member funds it at an
/// APR they pick within the borrower's cap; the borrower repays principal, interest and any late
/// penalty straight to the lender. Amounts are in USDC's 6-decimal units, durations and times in
/// seconds, rates in basis points (1 % = 100 bps).
interface IMicroLending {
    /// @notice Where a loan is in its life. `None` means no such loan.
    /// @dev Requested -> Funded | Cancelled; Funded -> Repaid | Defaulted; Defaulted -> Repaid.
    /// Repaid and Cancelled are terminal.
    enum LoanStatus {
        None,
        Requested,
        Funded,
        Repaid,
        Cancelled,
        Defaulted
    }

    /// @notice A loan as the chain knows it, with the derived figures a client needs.
    struct Loan {
        uint256 id;
        address borrower;
        /// @dev The zero address until funded.
        address lender;
        uint256 principal;
        /// @dev Interest owed at the agreed APR over the whole duration (0 until funded).
        uint256 interest;
        uint256 duration;
        /// @dev When it was funded (0 until then).
        uint256 startDate;
        /// @dev The due date: startDate + duration (0 until funded).
        uint256 endDate;
        LoanStatus status;
        /// @dev The APR ceiling fixed at the request: the borrower's cap, or the platform maximum
        /// then in force when that is lower. A lower platform maximum at funding still applies.
        uint256 maxAprBps;
        /// @dev The APR the lender chose (0 until funded).
        uint256 aprBps;
        /// @dev The platform fee: the one in force now until funded, then the one it was funded at.
        /// Fees only go down, so this is the lower of the fee at the request and at funding.
        uint256 feeBps;
        /// @dev The grace period in force when it was requested.
        uint256 gracePeriod;
        /// @dev The late penalty schedule in force when it was requested.
        uint256 penaltyBps;
        uint256 penaltyInterval;
        uint256 maxPenaltyIntervals;
        /// @dev A repayment held for the lender to claim (see {claimEscrow}).
        uint256 escrowed;
    }

    /// @notice The platform's parameters, all set by the owner within fixed bounds.
    struct Parameters {
        uint256 feeBps;
        address feeRecipient;
        uint256 penaltyBps;
        uint256 gracePeriod;
        uint256 penaltyInterval;
        uint256 maxPenaltyIntervals;
        uint256 minLoanAmount;
        uint256 maxLoanAmount;
        uint256 minDuration;
        uint256 maxDuration;
        uint256 maxAprBps;
    }

    // ─── Events ──────────────────────────────────────────────────────────────────────────────

    /// @notice A borrower asked for a loan.
    /// @param id The new loan's id.
    /// @param borrower Who asked.
    /// @param amount The principal.
    /// @param duration The term in seconds.
    /// @param maxAprBps The APR ceiling fixed for this loan: the borrower's cap, or the platform
    /// maximum in force now when that is lower (or when the borrower named none).
    event LoanRequested(
        uint256 indexed id,
        address indexed borrower,
        uint256 amount,
        uint256 duration,
        uint256 maxAprBps
    );

    /// @notice A lender funded a loan; the borrower received principal minus the platform fee. The
    /// loan started at the timestamp of the block that holds this event (not repeated here: every
    /// word of an event is paid for by the lender).
    /// @param id The loan.
    /// @param borrower The borrower.
    /// @param lender The lender.
    /// @param aprBps The agreed APR.
    /// @param dueDate When it must be repaid.
    /// @param repaymentAmount Principal plus interest, owed on time.
    event LoanFunded(
        uint256 indexed id,
        address indexed borrower,
        address indexed lender,
        uint256 aprBps,
        uint256 dueDate,
        uint256 repaymentAmount
    );

    /// @notice A loan was repaid in full, possibly late.
    /// @param id The loan.
    /// @param borrower The borrower.
    /// @param lender The lender.
    /// @param amount Everything paid: principal, interest and penalty.
    /// @param penalty The late penalty within `amount`.
    /// @param escrowed True when the lender could not receive it and the contract holds it.
    event LoanRepaid(
        uint256 indexed id,
        address indexed borrower,
        address indexed lender,
        uint256 amount,
        uint256 penalty,
        bool escrowed
    );

    /// @notice The borrower withdrew a request nobody had funded.
    /// @param id The loan.
    /// @param borrower The borrower.
    event LoanCancelled(uint256 indexed id, address indexed borrower);

    /// @notice A loan passed its due date and grace period unpaid.
    /// @dev The lender is in the loan's {LoanFunded}; leaving it out here keeps this call to one
    /// loan slot.
    /// @param id The loan.
    /// @param borrower The borrower.
    event LoanDefaulted(uint256 indexed id, address indexed borrower);

    /// @notice A repayment the lender could not receive is held by the contract for them.
    /// @param id The loan.
    /// @param lender Who may claim it.
    /// @param amount How much.
    event FundsEscrowed(uint256 indexed id, address indexed lender, uint256 amount);

    /// @notice The lender collected an escrowed repayment.
    /// @param id The loan.
    /// @param lender The lender.
    /// @param to Where the lender had it sent (the lender's own address or another they chose).
    /// @param amount How much.
    event FundsReleased(uint256 indexed id, address indexed lender, address to, uint256 amount);

    /// @notice The platform fee taken from a loan at funding and sent to the fee recipient.
    /// @param id The loan.
    /// @param feeRecipient Who received it.
    /// @param fee How much.
    event FeeDeducted(uint256 indexed id, address indexed feeRecipient, uint256 fee);

    /// @notice The platform fee taken from a loan at funding, held by the contract because the fee
    /// recipient could not receive it; the recipient collects it with {claimFees}.
    /// @param id The loan.
    /// @param feeRecipient Who may claim it.
    /// @param fee How much.
    event FeeHeld(uint256 indexed id, address indexed feeRecipient, uint256 fee);

    /// @notice A fee recipient collected the fees held for it.
    /// @param feeRecipient Whose fees they were.
    /// @param to Where they were sent.
    /// @param amount How much.
    event FeesClaimed(address indexed feeRecipient, address indexed to, uint256 amount);

    /// @notice The owner sent away tokens that were sent to the contract by mistake.
    /// @param token The token.
    /// @param to Where they went.
    /// @param amount How much.
    event TokensRescued(address indexed token, address indexed to, uint256 amount);

    /// @notice The platform fee changed (it can only go down).
    /// @param oldFeeBps The previous fee.
    /// @param newFeeBps The new fee.
    event FeeUpdated(uint256 oldFeeBps, uint256 newFeeBps);

    /// @notice The fee recipient changed.
    /// @param oldRecipient The previous recipient.
    /// @param newRecipient The new recipient.
    event FeeRecipientUpdated(address indexed oldRecipient, address indexed newRecipient);

    /// @notice The loan amount and duration limits changed.
    /// @param minAmount The new minimum principal.
    /// @param maxAmount The new maximum principal.
    /// @param minDuration The new minimum duration.
    /// @param maxDuration The new maximum duration.
    event LoanLimitsUpdated(uint256 minAmount, uint256 maxAmount, uint256 minDuration, uint256 maxDuration);

    /// @notice The platform's APR ceiling changed.
    /// @param oldMaxAprBps The previous ceiling.
    /// @param newMaxAprBps The new ceiling.
    event MaxAprUpdated(uint256 oldMaxAprBps, uint256 newMaxAprBps);

    /// @notice The owner paused new requests, fundings and defaults.
    /// @param account The owner.
    event Paused(address account);

    /// @notice The owner lifted the pause.
    /// @param account The owner.
    event Unpaused(address account);

    /// @notice The late penalty and grace period changed, for loans requested from now on.
    /// @param version The new schedule's number; each loan keeps the one it was requested under.
    /// @param penaltyBps Penalty per started interval, in bps of the principal.
    /// @param gracePeriod Seconds after the due date before penalties start.
    /// @param penaltyInterval Seconds per penalty interval.
    /// @param maxPenaltyIntervals The most intervals ever charged.
    event PenaltyConfigUpdated(
        uint256 version,
        uint256 penaltyBps,
        uint256 gracePeriod,
        uint256 penaltyInterval,
        uint256 maxPenaltyIntervals
    );

    // ─── Errors ──────────────────────────────────────────────────────────────────────────────

    /// @notice No loan has this id.
    /// @param id The id asked for.
    error MicroLending__LoanNotFound(uint256 id);

    /// @notice The loan's status does not allow this action.
    /// @param id The loan.
    /// @param status Its status now.
    error MicroLending__InvalidStatus(uint256 id, LoanStatus status);

    /// @notice Only the loan's borrower may do this.
    /// @param id The loan.
    /// @param caller Who tried.
    error MicroLending__NotBorrower(uint256 id, address caller);

    /// @notice Only the loan's lender may do this.
    /// @param id The loan.
    /// @param caller Who tried.
    error MicroLending__NotLender(uint256 id, address caller);

    /// @notice A borrower cannot fund their own loan.
    /// @param id The loan.
    error MicroLending__LenderIsBorrower(uint256 id);

    /// @notice The principal is outside the platform's limits.
    /// @param amount The principal asked for.
    /// @param min The smallest allowed.
    /// @param max The largest allowed.
    error MicroLending__AmountOutOfRange(uint256 amount, uint256 min, uint256 max);

    /// @notice The duration is outside the platform's limits.
    /// @param duration The duration asked for.
    /// @param min The shortest allowed.
    /// @param max The longest allowed.
    error MicroLending__DurationOutOfRange(uint256 duration, uint256 min, uint256 max);

    /// @notice An APR (or APR cap) below 1 %, above the allowed maximum or not a multiple of 0.5 %.
    /// @param aprBps The APR given.
    /// @param maxAprBps The highest APR allowed here.
    error MicroLending__InvalidApr(uint256 aprBps, uint256 maxAprBps);

    /// @notice The loan cannot be marked defaulted until after its due date plus grace period.
    /// @param id The loan.
    /// @param defaultableAfter The last second at which it is not yet defaultable.
    error MicroLending__NotDefaultable(uint256 id, uint256 defaultableAfter);

    /// @notice Nothing is escrowed for this loan.
    /// @param id The loan.
    error MicroLending__NothingToClaim(uint256 id);

    /// @notice No fees are held for this recipient.
    /// @param feeRecipient Who asked.
    error MicroLending__NoFeesHeld(address feeRecipient);

    /// @notice A signed claim whose deadline has passed.
    /// @param deadline The claim's deadline.
    error MicroLending__ClaimExpired(uint256 deadline);

    /// @notice A signed claim the loan's lender did not sign.
    /// @param id The loan.
    error MicroLending__InvalidClaimSignature(uint256 id);

    /// @notice A rescue that would take USDC held for lenders or the fee recipient.
    /// @param amount The amount asked for.
    /// @param surplus The most that can be rescued: the balance above escrow and held fees.
    error MicroLending__ExceedsSurplus(uint256 amount, uint256 surplus);

    /// @notice Held USDC cannot be claimed to this contract itself (it would become surplus).
    error MicroLending__ContractAsRecipient();

    /// @notice A loan cannot be funded once its deadline no longer fits in 32 bits (in 2106).
    error MicroLending__DeadlineTooLate();

    /// @notice The platform fee can only go down (the fee pledge, enforced here).
    /// @param currentFeeBps The fee now.
    /// @param requestedFeeBps The higher fee asked for.
    error MicroLending__FeeIncrease(uint256 currentFeeBps, uint256 requestedFeeBps);

    /// @notice Loan limits outside their bounds, or a minimum above its maximum.
    /// @param minAmount The minimum principal given.
    /// @param maxAmount The maximum principal given.
    /// @param minDuration The minimum duration given.
    /// @param maxDuration The maximum duration given.
    error MicroLending__InvalidLoanLimits(
        uint256 minAmount,
        uint256 maxAmount,
        uint256 minDuration,
        uint256 maxDuration
    );

    /// @notice A penalty configuration outside its bounds.
    /// @param penaltyBps The penalty per interval given.
    /// @param gracePeriod The grace period given.
    /// @param penaltyInterval The interval given.
    /// @param maxPenaltyIntervals The interval cap given.
    error MicroLending__InvalidPenaltyConfig(
        uint256 penaltyBps,
        uint256 gracePeriod,
        uint256 penaltyInterval,
        uint256 maxPenaltyIntervals
    );

    /// @notice The penalty has been changed 254 times since deployment; it cannot change again.
    error MicroLending__PenaltyScheduleExhausted();

    /// @notice Requests, fundings and defaults are paused.
    error MicroLending__EnforcedPause();

    /// @notice The contract is not paused.
    error MicroLending__ExpectedPause();

    /// @notice The zero address where an account is needed.
    error MicroLending__ZeroAddress();

    /// @notice Ownership cannot be renounced: pausing and fee cuts need an owner.
    error MicroLending__RenounceDisabled();

    // ─── Borrowers and lenders ───────────────────────────────────────────────────────────────

    /// @notice Requests a loan of `amount` for `duration` seconds, at any APR up to the platform
    /// maximum in force now. Everything the borrower agrees to is fixed here: that APR ceiling, the
    /// late penalty schedule and the grace period in force now. The fee is the lower of the fee now
    /// and at funding.
    /// @param amount The principal, within the loan limits.
    /// @param duration The term in seconds, within the duration limits.
    /// @return id The new loan's id (ids start at 1).
    function requestLoan(uint256 amount, uint256 duration) external returns (uint256 id);

    /// @notice Requests a loan, consenting to APRs up to `maxAprBps` only (or the platform maximum
    /// in force now, when that is lower); otherwise as {requestLoan}.
    /// @param amount The principal, within the loan limits.
    /// @param duration The term in seconds, within the duration limits.
    /// @param maxAprBps The borrower's APR cap: at least 100 and a multiple of 50.
    /// @return id The new loan's id.
    function requestLoan(uint256 amount, uint256 duration, uint256 maxAprBps) external returns (uint256 id);

    /// @notice Funds a requested loan at `aprBps`: the caller pays the principal, the borrower
    /// receives it minus the platform fee, and the fee goes to the fee recipient (or, when the
    /// recipient cannot receive it, is held for them: funding never depends on the recipient). The
    /// caller must have approved this contract for the principal.
    /// @param id The loan.
    /// @param aprBps The APR: from 100 up to the loan's ceiling fixed at the request (or the platform
    /// maximum now, when lower), in steps of 50.
    function fundLoan(uint256 id, uint256 aprBps) external;

    /// @notice Repays a funded or defaulted loan: principal, interest and any late penalty go from
    /// the borrower to the lender (or into escrow for the lender when they cannot receive).
    /// @param id The loan.
    function repayLoan(uint256 id) external;

    /// @notice Withdraws a request nobody has funded. Borrower only.
    /// @param id The loan.
    function cancelLoan(uint256 id) external;

    /// @notice Marks a funded loan defaulted, strictly after its due date plus grace period.
    /// Anyone may call it. It can still be repaid afterwards.
    /// @param id The loan.
    function markDefaulted(uint256 id) external;

    /// @notice Sends the lender a repayment that could not be sent to them directly. Lender only.
    /// @param id The loan.
    function claimEscrow(uint256 id) external;

    /// @notice Sends an escrowed repayment to an address the lender chooses (for a lender whose
    /// own address cannot receive USDC). Lender only.
    /// @param id The loan.
    /// @param to Where to send it.
    function claimEscrowTo(uint256 id, address to) external;

    /// @notice Sends an escrowed repayment to `to` on the lender's signed word: an EIP-712
    /// `ClaimEscrow(uint256 id,address to,uint256 deadline)` signed by the lender (an EOA, or a
    /// contract wallet through ERC-1271). Anyone may submit it; it can only ever pay `to`.
    /// @param id The loan.
    /// @param to Where to send it.
    /// @param deadline The last second the signature is good for.
    /// @param signature The lender's signature.
    function claimEscrowWithSignature(uint256 id, address to, uint256 deadline, bytes calldata signature)
        external;

    /// @notice Sends the caller the fees held for it (fees it could not receive at funding).
    /// @param to Where to send them.
    function claimFees(address to) external;

    // ─── Views ───────────────────────────────────────────────────────────────────────────────

    /// @notice The loan with `id`. Reverts with {MicroLending__LoanNotFound} when there is none.
    /// @param id The loan.
    /// @return loan The loan and its derived figures.
    function getLoan(uint256 id) external view returns (Loan memory loan);

    /// @notice What the loan costs: principal, interest, the platform fee, the late penalty if
    /// repaid now, the total to repay now, and what the borrower receives at funding.
    /// @dev Before funding, interest is 0 and the fee is the current one.
    /// @param id The loan.
    function getRepaymentBreakdown(uint256 id)
        external
        view
        returns (
            uint256 principal,
            uint256 interest,
            uint256 platformFee,
            uint256 penalty,
            uint256 totalRepayment,
            uint256 amountToBorrower
        );

    /// @notice How many loans have been requested; also the latest id.
    function loanCounter() external view returns (uint256);

    /// @notice The platform's parameters.
    function parameters() external view returns (Parameters memory);

    /// @notice The USDC token this contract lends.
    function usdc() external view returns (address);

    /// @notice Whether requests, fundings and defaults are paused.
    function paused() external view returns (bool);

    /// @notice Fees held for `feeRecipient` (see {FeeHeld}).
    /// @param feeRecipient A fee recipient, present or past.
    function heldFees(address feeRecipient) external view returns (uint256);

    /// @notice The USDC the contract holds for others: unclaimed escrow plus held fees. Its USDC
    /// balance is never below this; only the surplus above it can be rescued.
    function reservedUsdc() external view returns (uint256);

    // ─── Owner ───────────────────────────────────────────────────────────────────────────────

    /// @notice Lowers the platform fee. It can never go up.
    /// @param newFeeBps The new fee, at most the current one.
    function setFeeBps(uint256 newFeeBps) external;

    /// @notice Sets who receives platform fees.
    /// @param newRecipient A non-zero address.
    function setFeeRecipient(address newRecipient) external;

    /// @notice Sets the principal and duration limits for new requests.
    /// @param minAmount At least 1 unit.
    /// @param maxAmount At least `minAmount`, at most 1,000,000 USDC.
    /// @param minDuration At least 1 day.
    /// @param maxDuration At least `minDuration`, at most 365 days.
    function setLoanLimits(uint256 minAmount, uint256 maxAmount, uint256 minDuration, uint256 maxDuration)
        external;

    /// @notice Sets the highest APR a lender may choose.
    /// @param newMaxAprBps From 100 to 5,000, a multiple of 50.
    function setMaxApr(uint256 newMaxAprBps) external;

    /// @notice Sets the late penalty for loans requested from now on: `penaltyBps` of the principal
    /// per started `penaltyInterval` after the due date plus `gracePeriod`, for at most
    /// `maxPenaltyIntervals` intervals. Loans already requested keep their terms. At most 254
    /// changes after deployment.
    /// @param penaltyBps At most 500.
    /// @param gracePeriod At most 30 days.
    /// @param penaltyInterval From 1 hour to 30 days.
    /// @param maxPenaltyIntervals From 1 to 255, with penaltyBps x maxPenaltyIntervals at most 5,000.
    function setPenaltyConfig(
        uint256 penaltyBps,
        uint256 gracePeriod,
        uint256 penaltyInterval,
        uint256 maxPenaltyIntervals
    ) external;

    /// @notice Stops new requests, fundings and defaults. Repayments, cancellations and claims go on.
    function pause() external;

    /// @notice Lifts a pause.
    function unpause() external;

    /// @notice Sends away tokens sent to the contract by mistake. For USDC only the surplus above
    /// {reservedUsdc} (escrow and held fees are never touched); any other token in full. Works
    /// while paused.
    /// @param token The token.
    /// @param to Where to send it.
    /// @param amount How much.
    function rescueTokens(address token, address to, uint256 amount) external;
}
