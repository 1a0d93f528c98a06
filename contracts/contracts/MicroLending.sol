// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {IMicroLending} from "./interfaces/IMicroLending.sol";

/// @title MicroLending
/// @notice Peer-to-peer USDC micro-loans; see {IMicroLending}. Not upgradeable: members' USDC
/// approvals point at this exact code. No function moves a member's funds without that member's
/// own call or signature; repayment can never be blocked by the lender (it escrows instead) nor
/// funding by the fee recipient (the fee is held instead). Everything a borrower agrees to is fixed
/// when they ask: the APR ceiling, the penalty schedule and the grace period.
/// @dev Storage is packed so that each call touches as few slots as it can: a loan is two slots
/// (terms, written at request and updated at funding; funding, written once at funding); the
/// request path reads and writes one slot of limits that also holds the loan counter; the funding
/// path reads one slot of pricing. Three values live in both of those slots (the pause flag, the
/// platform's APR ceiling and the current penalty schedule's number), so that each hot path reads
/// one slot: only the owner's setters write them, and always both copies. For that reason the
/// pause flag is this contract's own rather than OpenZeppelin's Pausable, whose flag sits in a
/// slot of its own.
contract MicroLending is IMicroLending, Ownable2Step, ReentrancyGuardTransient, EIP712 {
    using SafeERC20 for IERC20;

    /// @dev Basis points in a whole.
    uint256 private constant BPS = 10_000;
    uint256 private constant YEAR = 365 days;
    uint256 private constant MIN_APR_BPS = 100;
    uint256 private constant APR_STEP_BPS = 50;

    /// @dev Hard bounds on what the owner may set: they keep every packed field in range and the
    /// borrower's worst case known in advance.
    uint256 private constant MAX_APR_CEILING_BPS = 5_000;
    uint256 private constant MAX_LOAN_CEILING = 1_000_000e6;
    uint256 private constant MIN_DURATION_FLOOR = 1 days;
    uint256 private constant MAX_DURATION_CEILING = 365 days;
    uint256 private constant MAX_FEE_BPS = 1_000;
    uint256 private constant MAX_PENALTY_BPS = 500;
    uint256 private constant MAX_TOTAL_PENALTY_BPS = 5_000;
    uint256 private constant MAX_GRACE_PERIOD = 30 days;
    uint256 private constant MIN_PENALTY_INTERVAL = 1 hours;
    uint256 private constant MAX_PENALTY_INTERVAL = 30 days;
    uint256 private constant MAX_PENALTY_INTERVALS = type(uint8).max;
    /// @dev Penalty schedules are numbered 1..255 (a loan records its number in 8 bits).
    uint256 private constant MAX_PENALTY_VERSION = type(uint8).max;
    /// @dev What a lender signs to have an escrowed repayment sent elsewhere.
    bytes32 private constant CLAIM_ESCROW_TYPEHASH = keccak256("ClaimEscrow(uint256 id,address to,uint256 deadline)");

    /// @dev Slot one of a loan, read by every loan call.
    struct Terms {
        address borrower;
        uint40 principal;
        LoanStatus status;
        /// @dev The APR ceiling fixed at the request, in 50-bps steps: the borrower's cap or the
        /// platform maximum then in force, whichever is lower.
        uint8 maxAprSteps;
        /// @dev The penalty schedule (with its grace period) in force at the request.
        uint8 penaltyVersion;
        /// @dev While requested: the duration in seconds. From funding on: the deadline, the last
        /// second before the loan may be marked defaulted (due date + grace period), which is
        /// also when late penalties start. Keeping it here lets {markDefaulted} read one loan slot.
        /// 32 bits of seconds last until 2106; {fundLoan} refuses a deadline beyond.
        uint32 durationOrDeadline;
    }

    /// @dev Slot two of a loan, written once at funding. The fee and grace period are snapshots:
    /// later changes to the platform's parameters do not touch a loan's terms.
    struct Funding {
        address lender;
        uint32 duration;
        uint16 aprBps;
        uint16 feeBps;
        uint24 gracePeriod;
    }

    struct LoanRecord {
        Terms terms;
        Funding funding;
    }

    /// @dev What a request reads and writes (one slot): the limits, the loan counter, and what the
    /// request fixes for the borrower (the APR ceiling and penalty schedule now in force).
    struct Limits {
        bool paused;
        uint48 loanCounter;
        uint40 minLoanAmount;
        uint40 maxLoanAmount;
        uint32 minDuration;
        uint32 maxDuration;
        uint16 maxAprBps;
        uint8 penaltyVersion;
    }

    /// @dev What funding reads (one slot). `gracePeriod` is the current penalty schedule's.
    struct Pricing {
        address feeRecipient;
        uint16 feeBps;
        uint16 maxAprBps;
        uint24 gracePeriod;
        uint8 penaltyVersion;
        bool paused;
    }

    /// @dev A late penalty schedule and its grace period; a loan keeps the one it was requested under.
    struct PenaltyTerms {
        uint16 penaltyBps;
        uint24 penaltyInterval;
        uint8 maxPenaltyIntervals;
        uint24 gracePeriod;
    }

    IERC20 private immutable USDC;

    Limits private _limits;
    Pricing private _pricing;
    mapping(uint256 id => LoanRecord) private _loans;
    mapping(uint256 id => uint256 amount) private _escrow;
    mapping(uint256 version => PenaltyTerms) private _penaltySchedules;
    mapping(address feeRecipient => uint256 amount) private _heldFees;
    /// @dev Unclaimed escrow plus held fees: USDC the contract holds for others. Written only when
    /// a transfer was refused or such funds are claimed, never on the paths members take daily.
    uint256 private _reserved;

    /// @dev Reverts with {MicroLending__EnforcedPause} while paused.
    modifier whenNotPaused() {
        _requireNotPaused(_limits.paused);
        _;
    }

    /// @param usdc_ The USDC token.
    /// @param initialOwner Who may set parameters and pause.
    /// @param feeRecipient_ Who receives platform fees.
    /// @dev Starts at 0.01–10 USDC, 7–90 days, APR up to 20 %, a 1 % fee, and a late penalty of
    /// 1 % of the principal per started day after a 3-day grace period, at most 30 days' worth.
    constructor(IERC20 usdc_, address initialOwner, address feeRecipient_)
        Ownable(initialOwner)
        EIP712("MicroLending", "1")
    {
        if (address(usdc_) == address(0)) {
            revert MicroLending__ZeroAddress();
        }
        USDC = usdc_;
        _setFeeRecipient(feeRecipient_);
        _pricing.feeBps = 100;
        emit FeeUpdated(0, 100);
        _setLoanLimits(0.01e6, 10e6, 7 days, 90 days);
        _setMaxApr(2_000);
        _setPenaltyConfig(100, 3 days, 1 days, 30);
    }

    // ─── Borrowers and lenders ───────────────────────────────────────────────────────────────

    /// @inheritdoc IMicroLending
    /// @dev Emits {LoanRequested}.
    function requestLoan(uint256 amount, uint256 duration) external returns (uint256 id) {
        return _requestLoan(amount, duration, 0);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {LoanRequested}.
    function requestLoan(uint256 amount, uint256 duration, uint256 maxAprBps) external returns (uint256 id) {
        _requireValidApr(maxAprBps, MAX_APR_CEILING_BPS);
        return _requestLoan(amount, duration, maxAprBps);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {LoanFunded}, and {FeeDeducted} or {FeeHeld} when the fee is not zero.
    function fundLoan(uint256 id, uint256 aprBps) external nonReentrant {
        Pricing memory pricing = _pricing;
        _requireNotPaused(pricing.paused);
        LoanRecord storage loan = _loans[id];
        Terms memory terms = _loadTerms(loan);
        _requireStatus(id, terms.status, LoanStatus.Requested);
        if (msg.sender == terms.borrower) {
            revert MicroLending__LenderIsBorrower(id);
        }
        {
            uint256 maxApr = uint256(terms.maxAprSteps) * APR_STEP_BPS;
            if (pricing.maxAprBps < maxApr) {
                maxApr = pricing.maxAprBps;
            }
            _requireValidApr(aprBps, maxApr);
        }
        uint256 duration = terms.durationOrDeadline;
        uint256 dueDate = block.timestamp + duration;
        {
            // The grace period of the schedule the loan was requested under: the current one's
            // sits in the pricing slot; an older one is read only when the owner changed it since.
            uint256 gracePeriod = terms.penaltyVersion == pricing.penaltyVersion
                ? pricing.gracePeriod
                : _penaltySchedules[terms.penaltyVersion].gracePeriod;
            uint256 deadline = dueDate + gracePeriod;
            if (deadline > type(uint32).max) {
                revert MicroLending__DeadlineTooLate();
            }
            terms.status = LoanStatus.Funded;
            // Cast is safe: checked just above.
            terms.durationOrDeadline = uint32(deadline);
            _storeTerms(loan, terms);
            // Casts are safe: the duration was stored in 32 bits, aprBps <= MAX_APR_CEILING_BPS and
            // the grace period <= MAX_GRACE_PERIOD. Fees only go down, so the fee now is the lower
            // of the fee at the request and now.
            _storeFunding(
                loan,
                Funding({
                    lender: msg.sender,
                    duration: uint32(duration),
                    aprBps: uint16(aprBps),
                    feeBps: pricing.feeBps,
                    gracePeriod: uint24(gracePeriod)
                })
            );
        }

        uint256 principal = terms.principal;
        emit LoanFunded(
            id, terms.borrower, msg.sender, aprBps, dueDate, principal + _interest(principal, aprBps, duration)
        );
        uint256 fee = _fee(principal, pricing.feeBps);
        USDC.safeTransferFrom(msg.sender, terms.borrower, principal - fee);
        if (fee != 0) {
            if (USDC.trySafeTransferFrom(msg.sender, pricing.feeRecipient, fee)) {
                emit FeeDeducted(id, pricing.feeRecipient, fee);
            } else {
                // A recipient that cannot receive (blacklisted, say) must not stop lending.
                USDC.safeTransferFrom(msg.sender, address(this), fee);
                _heldFees[pricing.feeRecipient] += fee;
                _reserved += fee;
                emit FeeHeld(id, pricing.feeRecipient, fee);
            }
        }
    }

    /// @inheritdoc IMicroLending
    /// @dev Works while paused. Emits {LoanRepaid}, and {FundsEscrowed} when the lender cannot
    /// receive (a blacklisted or otherwise refusing address): the loan is settled all the same.
    function repayLoan(uint256 id) external nonReentrant {
        LoanRecord storage loan = _loans[id];
        Terms memory terms = _loadTerms(loan);
        if (terms.status != LoanStatus.Funded && terms.status != LoanStatus.Defaulted) {
            _revertStatus(id, terms.status);
        }
        if (msg.sender != terms.borrower) {
            revert MicroLending__NotBorrower(id, msg.sender);
        }
        Funding memory funding = loan.funding;
        uint256 principal = terms.principal;
        uint256 penalty = _penalty(principal, terms.durationOrDeadline, terms.penaltyVersion);
        uint256 total = principal + _interest(principal, funding.aprBps, funding.duration) + penalty;

        loan.terms.status = LoanStatus.Repaid;
        bool escrowed = !USDC.trySafeTransferFrom(msg.sender, funding.lender, total);
        if (escrowed) {
            USDC.safeTransferFrom(msg.sender, address(this), total);
            _escrow[id] = total;
            _reserved += total;
            emit FundsEscrowed(id, funding.lender, total);
        }
        emit LoanRepaid(id, msg.sender, funding.lender, total, penalty, escrowed);
    }

    /// @inheritdoc IMicroLending
    /// @dev Works while paused. Emits {LoanCancelled}.
    function cancelLoan(uint256 id) external {
        Terms storage terms = _loans[id].terms;
        (LoanStatus status, address borrower) = (terms.status, terms.borrower);
        _requireStatus(id, status, LoanStatus.Requested);
        if (msg.sender != borrower) {
            revert MicroLending__NotBorrower(id, msg.sender);
        }
        terms.status = LoanStatus.Cancelled;
        emit LoanCancelled(id, borrower);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {LoanDefaulted}.
    function markDefaulted(uint256 id) external whenNotPaused {
        Terms storage terms = _loans[id].terms;
        (LoanStatus status, address borrower, uint256 deadline) =
            (terms.status, terms.borrower, terms.durationOrDeadline);
        _requireStatus(id, status, LoanStatus.Funded);
        if (block.timestamp <= deadline) {
            revert MicroLending__NotDefaultable(id, deadline);
        }
        terms.status = LoanStatus.Defaulted;
        emit LoanDefaulted(id, borrower);
    }

    /// @inheritdoc IMicroLending
    /// @dev Works while paused. Emits {FundsReleased}.
    function claimEscrow(uint256 id) external nonReentrant {
        _claimEscrow(id, _requireLender(id), msg.sender);
    }

    /// @inheritdoc IMicroLending
    /// @dev Works while paused. Emits {FundsReleased}.
    function claimEscrowTo(uint256 id, address to) external nonReentrant {
        _claimEscrow(id, _requireLender(id), to);
    }

    /// @inheritdoc IMicroLending
    /// @dev Works while paused. Emits {FundsReleased}. A signature cannot be used twice to any
    /// effect: the first use empties the loan's escrow, and a loan is repaid only once.
    function claimEscrowWithSignature(uint256 id, address to, uint256 deadline, bytes calldata signature)
        external
        nonReentrant
    {
        if (block.timestamp > deadline) {
            revert MicroLending__ClaimExpired(deadline);
        }
        address lender = _loans[id].funding.lender;
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(CLAIM_ESCROW_TYPEHASH, id, to, deadline)));
        if (lender == address(0) || !SignatureChecker.isValidSignatureNow(lender, digest, signature)) {
            revert MicroLending__InvalidClaimSignature(id);
        }
        _claimEscrow(id, lender, to);
    }

    /// @inheritdoc IMicroLending
    /// @dev Works while paused. Emits {FeesClaimed}.
    function claimFees(address to) external nonReentrant {
        _requireRecipient(to);
        uint256 amount = _heldFees[msg.sender];
        if (amount == 0) {
            revert MicroLending__NoFeesHeld(msg.sender);
        }
        delete _heldFees[msg.sender];
        _reserved -= amount;
        USDC.safeTransfer(to, amount);
        emit FeesClaimed(msg.sender, to, amount);
    }

    // ─── Views ───────────────────────────────────────────────────────────────────────────────

    /// @inheritdoc IMicroLending
    function getLoan(uint256 id) external view returns (Loan memory loan) {
        LoanRecord storage record = _loans[id];
        Terms memory terms = _loadTerms(record);
        if (terms.status == LoanStatus.None) {
            revert MicroLending__LoanNotFound(id);
        }
        Funding memory funding = record.funding;
        loan.id = id;
        loan.borrower = terms.borrower;
        loan.lender = funding.lender;
        loan.principal = terms.principal;
        loan.status = terms.status;
        loan.maxAprBps = uint256(terms.maxAprSteps) * APR_STEP_BPS;
        loan.aprBps = funding.aprBps;
        loan.escrowed = _escrow[id];
        PenaltyTerms memory penalty = _penaltySchedules[terms.penaltyVersion];
        loan.gracePeriod = penalty.gracePeriod;
        loan.penaltyBps = penalty.penaltyBps;
        loan.penaltyInterval = penalty.penaltyInterval;
        loan.maxPenaltyIntervals = penalty.maxPenaltyIntervals;
        if (funding.lender == address(0)) {
            loan.duration = terms.durationOrDeadline;
            loan.feeBps = _pricing.feeBps;
        } else {
            loan.duration = funding.duration;
            loan.feeBps = funding.feeBps;
            loan.interest = _interest(terms.principal, funding.aprBps, funding.duration);
            loan.endDate = terms.durationOrDeadline - funding.gracePeriod;
            loan.startDate = loan.endDate - funding.duration;
        }
    }

    /// @inheritdoc IMicroLending
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
        )
    {
        LoanRecord storage record = _loans[id];
        Terms memory terms = _loadTerms(record);
        if (terms.status == LoanStatus.None) {
            revert MicroLending__LoanNotFound(id);
        }
        Funding memory funding = record.funding;
        principal = terms.principal;
        interest = _interest(principal, funding.aprBps, funding.duration);
        bool funded = funding.lender != address(0);
        platformFee = _fee(principal, funded ? funding.feeBps : _pricing.feeBps);
        if (terms.status == LoanStatus.Funded || terms.status == LoanStatus.Defaulted) {
            penalty = _penalty(principal, terms.durationOrDeadline, terms.penaltyVersion);
        }
        totalRepayment = principal + interest + penalty;
        amountToBorrower = principal - platformFee;
    }

    /// @inheritdoc IMicroLending
    function loanCounter() external view returns (uint256) {
        return _limits.loanCounter;
    }

    /// @inheritdoc IMicroLending
    function parameters() external view returns (Parameters memory) {
        Limits memory limits = _limits;
        Pricing memory pricing = _pricing;
        PenaltyTerms memory penalty = _penaltySchedules[pricing.penaltyVersion];
        return Parameters({
            feeBps: pricing.feeBps,
            feeRecipient: pricing.feeRecipient,
            penaltyBps: penalty.penaltyBps,
            gracePeriod: pricing.gracePeriod,
            penaltyInterval: penalty.penaltyInterval,
            maxPenaltyIntervals: penalty.maxPenaltyIntervals,
            minLoanAmount: limits.minLoanAmount,
            maxLoanAmount: limits.maxLoanAmount,
            minDuration: limits.minDuration,
            maxDuration: limits.maxDuration,
            maxAprBps: limits.maxAprBps
        });
    }

    /// @inheritdoc IMicroLending
    function usdc() external view returns (address) {
        return address(USDC);
    }

    /// @inheritdoc IMicroLending
    function paused() external view returns (bool) {
        return _limits.paused;
    }

    /// @inheritdoc IMicroLending
    function heldFees(address feeRecipient) external view returns (uint256) {
        return _heldFees[feeRecipient];
    }

    /// @inheritdoc IMicroLending
    function reservedUsdc() external view returns (uint256) {
        return _reserved;
    }

    // ─── Owner ───────────────────────────────────────────────────────────────────────────────

    /// @inheritdoc IMicroLending
    /// @dev Emits {FeeUpdated}.
    function setFeeBps(uint256 newFeeBps) external onlyOwner {
        uint256 current = _pricing.feeBps;
        if (newFeeBps > current) {
            revert MicroLending__FeeIncrease(current, newFeeBps);
        }
        // Cast is safe: newFeeBps <= current, which fits.
        _pricing.feeBps = uint16(newFeeBps);
        emit FeeUpdated(current, newFeeBps);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {FeeRecipientUpdated}.
    function setFeeRecipient(address newRecipient) external onlyOwner {
        _setFeeRecipient(newRecipient);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {LoanLimitsUpdated}.
    function setLoanLimits(uint256 minAmount, uint256 maxAmount, uint256 minDuration, uint256 maxDuration)
        external
        onlyOwner
    {
        _setLoanLimits(minAmount, maxAmount, minDuration, maxDuration);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {MaxAprUpdated}.
    function setMaxApr(uint256 newMaxAprBps) external onlyOwner {
        _setMaxApr(newMaxAprBps);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {PenaltyConfigUpdated}.
    function setPenaltyConfig(
        uint256 penaltyBps,
        uint256 gracePeriod,
        uint256 penaltyInterval,
        uint256 maxPenaltyIntervals
    ) external onlyOwner {
        _setPenaltyConfig(penaltyBps, gracePeriod, penaltyInterval, maxPenaltyIntervals);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {Paused}.
    function pause() external onlyOwner whenNotPaused {
        _limits.paused = true;
        _pricing.paused = true;
        emit Paused(msg.sender);
    }

    /// @inheritdoc IMicroLending
    /// @dev Emits {Unpaused}.
    function unpause() external onlyOwner {
        if (!_limits.paused) {
            revert MicroLending__ExpectedPause();
        }
        _limits.paused = false;
        _pricing.paused = false;
        emit Unpaused(msg.sender);
    }

    /// @inheritdoc IMicroLending
    /// @dev Works while paused. Emits {TokensRescued}.
    function rescueTokens(address token, address to, uint256 amount) external onlyOwner nonReentrant {
        _requireNonZero(to);
        if (token == address(USDC)) {
            uint256 balance = USDC.balanceOf(address(this));
            uint256 surplus = balance > _reserved ? balance - _reserved : 0;
            if (amount > surplus) {
                revert MicroLending__ExceedsSurplus(amount, surplus);
            }
        }
        IERC20(token).safeTransfer(to, amount);
        emit TokensRescued(token, to, amount);
    }

    /// @notice Always reverts: see {MicroLending__RenounceDisabled}.
    function renounceOwnership() public view override onlyOwner {
        revert MicroLending__RenounceDisabled();
    }

    // ─── Internals ───────────────────────────────────────────────────────────────────────────

    /// @dev `maxAprBps` 0: the borrower named no cap.
    function _requestLoan(uint256 amount, uint256 duration, uint256 maxAprBps) private returns (uint256 id) {
        Limits memory limits = _limits;
        _requireNotPaused(limits.paused);
        if (amount < limits.minLoanAmount || amount > limits.maxLoanAmount) {
            revert MicroLending__AmountOutOfRange(amount, limits.minLoanAmount, limits.maxLoanAmount);
        }
        if (duration < limits.minDuration || duration > limits.maxDuration) {
            revert MicroLending__DurationOutOfRange(duration, limits.minDuration, limits.maxDuration);
        }
        // Cannot overflow: 2^48 requests would cost more gas than exists.
        unchecked {
            id = uint256(limits.loanCounter) + 1;
        }
        _limits.loanCounter = uint48(id);
        uint256 ceiling = limits.maxAprBps;
        if (maxAprBps != 0 && maxAprBps < ceiling) {
            ceiling = maxAprBps;
        }
        // Casts are safe: amount and duration are within limits whose ceilings fit these widths,
        // and ceiling / APR_STEP_BPS <= 100.
        _storeTerms(
            _loans[id],
            Terms({
                borrower: msg.sender,
                principal: uint40(amount),
                status: LoanStatus.Requested,
                maxAprSteps: uint8(ceiling / APR_STEP_BPS),
                penaltyVersion: limits.penaltyVersion,
                durationOrDeadline: uint32(duration)
            })
        );
        emit LoanRequested(id, msg.sender, amount, duration, ceiling);
    }

    /// @dev Reads a loan's terms slot with one SLOAD and shifts: copying the struct from storage
    /// reads it field by field. {_storeTerms} documents the layout.
    function _loadTerms(LoanRecord storage loan) private view returns (Terms memory terms) {
        uint256 word;
        assembly ("memory-safe") {
            word := sload(loan.slot)
        }
        terms.borrower = address(uint160(word));
        terms.principal = uint40(word >> 160);
        terms.status = LoanStatus(uint8(word >> 200));
        terms.maxAprSteps = uint8(word >> 208);
        terms.penaltyVersion = uint8(word >> 216);
        terms.durationOrDeadline = uint32(word >> 224);
    }

    /// @dev Writes a loan's terms slot in one SSTORE: assigning the struct would write it field by
    /// field (a read and a write each). The layout is Solidity's own for {Terms}, first field in the
    /// lowest bits, so every read through the struct sees what was written here.
    function _storeTerms(LoanRecord storage loan, Terms memory terms) private {
        uint256 word = uint256(uint160(terms.borrower)) | (uint256(terms.principal) << 160)
            | (uint256(terms.status) << 200) | (uint256(terms.maxAprSteps) << 208)
            | (uint256(terms.penaltyVersion) << 216) | (uint256(terms.durationOrDeadline) << 224);
        assembly ("memory-safe") {
            sstore(loan.slot, word)
        }
    }

    /// @dev Writes a loan's funding slot in one SSTORE, as {_storeTerms} does; {Funding}'s layout.
    function _storeFunding(LoanRecord storage loan, Funding memory funding) private {
        uint256 word = uint256(uint160(funding.lender)) | (uint256(funding.duration) << 160)
            | (uint256(funding.aprBps) << 192) | (uint256(funding.feeBps) << 208)
            | (uint256(funding.gracePeriod) << 224);
        assembly ("memory-safe") {
            sstore(add(loan.slot, 1), word)
        }
    }

    /// @dev Simple interest over the whole agreed duration, rounded up: the lender never gets less
    /// than the exact figure. Cannot overflow: principal < 2^40, APR < 2^16, duration < 2^32.
    function _interest(uint256 principal, uint256 aprBps, uint256 duration) private pure returns (uint256) {
        return Math.ceilDiv(principal * aprBps * duration, BPS * YEAR);
    }

    /// @dev The platform fee, rounded down: the borrower never pays more than the exact figure.
    function _fee(uint256 principal, uint256 feeBps) private pure returns (uint256) {
        return (principal * feeBps) / BPS;
    }

    /// @dev The late penalty if repaid now: penaltyBps of the principal per started interval after
    /// the deadline (due date + grace period), capped, rounded up, under the penalty schedule the
    /// loan was requested under. Reads that schedule only when late.
    function _penalty(uint256 principal, uint256 deadline, uint256 penaltyVersion) private view returns (uint256) {
        if (block.timestamp <= deadline) {
            return 0;
        }
        PenaltyTerms memory terms = _penaltySchedules[penaltyVersion];
        uint256 intervals = Math.ceilDiv(block.timestamp - deadline, terms.penaltyInterval);
        if (intervals > terms.maxPenaltyIntervals) {
            intervals = terms.maxPenaltyIntervals;
        }
        return Math.ceilDiv(principal * terms.penaltyBps * intervals, BPS);
    }

    /// @dev An APR is at least 1 %, at most `maxAprBps` and a whole number of 0.5 % steps.
    function _requireValidApr(uint256 aprBps, uint256 maxAprBps) private pure {
        if (aprBps < MIN_APR_BPS || aprBps > maxAprBps || aprBps % APR_STEP_BPS != 0) {
            revert MicroLending__InvalidApr(aprBps, maxAprBps);
        }
    }

    function _requireNotPaused(bool isPaused) private pure {
        if (isPaused) {
            revert MicroLending__EnforcedPause();
        }
    }

    function _requireNonZero(address account) private pure {
        if (account == address(0)) {
            revert MicroLending__ZeroAddress();
        }
    }

    /// @dev Where held USDC may be sent: not the zero address, and not this contract, where it
    /// would stop being anyone's and become surplus the owner could rescue.
    function _requireRecipient(address to) private view {
        _requireNonZero(to);
        if (to == address(this)) {
            revert MicroLending__ContractAsRecipient();
        }
    }

    /// @dev Answers the loan's lender, reverting unless it is the caller.
    function _requireLender(uint256 id) private view returns (address lender) {
        lender = _loans[id].funding.lender;
        if (msg.sender != lender) {
            revert MicroLending__NotLender(id, msg.sender);
        }
    }

    /// @dev Sends loan `id`'s escrowed repayment to `to` on behalf of `lender`.
    function _claimEscrow(uint256 id, address lender, address to) private {
        _requireRecipient(to);
        uint256 amount = _escrow[id];
        if (amount == 0) {
            revert MicroLending__NothingToClaim(id);
        }
        delete _escrow[id];
        _reserved -= amount;
        USDC.safeTransfer(to, amount);
        emit FundsReleased(id, lender, to, amount);
    }

    function _requireStatus(uint256 id, LoanStatus status, LoanStatus expected) private pure {
        if (status != expected) {
            _revertStatus(id, status);
        }
    }

    function _revertStatus(uint256 id, LoanStatus status) private pure {
        if (status == LoanStatus.None) {
            revert MicroLending__LoanNotFound(id);
        }
        revert MicroLending__InvalidStatus(id, status);
    }

    function _setFeeRecipient(address newRecipient) private {
        _requireNonZero(newRecipient);
        emit FeeRecipientUpdated(_pricing.feeRecipient, newRecipient);
        _pricing.feeRecipient = newRecipient;
    }

    function _setLoanLimits(uint256 minAmount, uint256 maxAmount, uint256 minDuration, uint256 maxDuration)
        private
    {
        if (
            minAmount == 0 || minAmount > maxAmount || maxAmount > MAX_LOAN_CEILING
                || minDuration < MIN_DURATION_FLOOR || minDuration > maxDuration || maxDuration > MAX_DURATION_CEILING
        ) {
            revert MicroLending__InvalidLoanLimits(minAmount, maxAmount, minDuration, maxDuration);
        }
        Limits storage limits = _limits;
        // Casts are safe: bounded just above by ceilings that fit these widths.
        limits.minLoanAmount = uint40(minAmount);
        limits.maxLoanAmount = uint40(maxAmount);
        limits.minDuration = uint32(minDuration);
        limits.maxDuration = uint32(maxDuration);
        emit LoanLimitsUpdated(minAmount, maxAmount, minDuration, maxDuration);
    }

    function _setMaxApr(uint256 newMaxAprBps) private {
        _requireValidApr(newMaxAprBps, MAX_APR_CEILING_BPS);
        emit MaxAprUpdated(_pricing.maxAprBps, newMaxAprBps);
        // Cast is safe: bounded by MAX_APR_CEILING_BPS. Both copies: requests and fundings read it.
        _limits.maxAprBps = uint16(newMaxAprBps);
        _pricing.maxAprBps = uint16(newMaxAprBps);
    }

    function _setPenaltyConfig(
        uint256 penaltyBps,
        uint256 gracePeriod,
        uint256 penaltyInterval,
        uint256 maxPenaltyIntervals
    ) private {
        if (
            penaltyBps > MAX_PENALTY_BPS || gracePeriod > MAX_GRACE_PERIOD || penaltyInterval < MIN_PENALTY_INTERVAL
                || penaltyInterval > MAX_PENALTY_INTERVAL || maxPenaltyIntervals == 0
                || maxPenaltyIntervals > MAX_PENALTY_INTERVALS || penaltyBps * maxPenaltyIntervals > MAX_TOTAL_PENALTY_BPS
        ) {
            revert MicroLending__InvalidPenaltyConfig(penaltyBps, gracePeriod, penaltyInterval, maxPenaltyIntervals);
        }
        // Loans keep the schedule they were requested under: each change is a new version.
        uint256 version = uint256(_pricing.penaltyVersion) + 1;
        if (version > MAX_PENALTY_VERSION) {
            revert MicroLending__PenaltyScheduleExhausted();
        }
        // Casts are safe: each value is bounded just above by a ceiling that fits its width.
        _penaltySchedules[version] = PenaltyTerms({
            penaltyBps: uint16(penaltyBps),
            penaltyInterval: uint24(penaltyInterval),
            maxPenaltyIntervals: uint8(maxPenaltyIntervals),
            gracePeriod: uint24(gracePeriod)
        });
        // Both copies of the version: requests record it, fundings compare with it.
        _limits.penaltyVersion = uint8(version);
        _pricing.gracePeriod = uint24(gracePeriod);
        _pricing.penaltyVersion = uint8(version);
        emit PenaltyConfigUpdated(version, penaltyBps, gracePeriod, penaltyInterval, maxPenaltyIntervals);
    }
}
