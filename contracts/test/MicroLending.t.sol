// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

import {MicroLending} from "../contracts/MicroLending.sol";
import {IMicroLending} from "../contracts/interfaces/IMicroLending.sol";
import {BlacklistableUSDC} from "../contracts/mocks/BlacklistableUSDC.sol";

import {MicroLendingHandler} from "./MicroLendingHandler.sol";
import {CheatCodes} from "./Vm.sol";

/// @dev Deploys a fresh MicroLending on a BlacklistableUSDC (a MockUSDC that can also refuse
/// transfers, for the escrow path) and holds the helpers both test contracts use.
abstract contract MicroLendingTestBase is CheatCodes {
    address internal constant OWNER = address(0x0A11CE);
    address internal constant FEE_RECIPIENT = address(0x0FEE);
    address internal constant BORROWER = address(0x0B0B);
    address internal constant LENDER = address(0x1E4D);

    uint256 internal constant START = 1_700_000_000;

    // The constructor's defaults, as documented (not read back from the contract).
    uint256 internal constant MIN_AMOUNT = 10_000;
    uint256 internal constant MAX_AMOUNT = 10_000_000;
    uint256 internal constant MIN_DURATION = 7 days;
    uint256 internal constant MAX_DURATION = 90 days;
    uint256 internal constant FEE_BPS = 100;
    uint256 internal constant MAX_APR = 2_000;
    uint256 internal constant PENALTY_BPS = 100;
    uint256 internal constant GRACE = 3 days;
    uint256 internal constant INTERVAL = 1 days;
    uint256 internal constant MAX_INTERVALS = 30;

    BlacklistableUSDC internal usdc;
    MicroLending internal lending;

    function setUp() public virtual {
        vm.warp(START);
        usdc = new BlacklistableUSDC();
        lending = new MicroLending(IERC20(address(usdc)), OWNER, FEE_RECIPIENT);
        vm.prank(BORROWER);
        usdc.approve(address(lending), type(uint256).max);
        vm.prank(LENDER);
        usdc.approve(address(lending), type(uint256).max);
        vm.label(address(usdc), "usdc");
        vm.label(address(lending), "lending");
        vm.label(OWNER, "owner");
        vm.label(FEE_RECIPIENT, "feeRecipient");
        vm.label(BORROWER, "borrower");
        vm.label(LENDER, "lender");
    }

    function assertEq(uint256 a, uint256 b, string memory what) internal pure {
        if (a != b) {
            revert(string.concat(what, ": ", Strings.toString(a), " != ", Strings.toString(b)));
        }
    }

    function assertEq(address a, address b, string memory what) internal pure {
        if (a != b) {
            revert(string.concat(what, ": ", Strings.toHexString(a), " != ", Strings.toHexString(b)));
        }
    }

    function assertLe(uint256 a, uint256 b, string memory what) internal pure {
        if (a > b) {
            revert(string.concat(what, ": ", Strings.toString(a), " > ", Strings.toString(b)));
        }
    }

    function assertStatus(uint256 id, IMicroLending.LoanStatus expected, string memory what) internal view {
        assertEq(uint256(lending.getLoan(id).status), uint256(expected), what);
    }
}

/// @dev Unit and fuzz tests.
contract MicroLendingTest is MicroLendingTestBase {
    /// @dev A loan's money terms, and the penalty terms in force when it is repaid.
    struct Terms {
        uint256 principal;
        uint256 duration;
        uint256 apr;
        uint256 fundedAt;
        uint256 penaltyBps;
        uint256 grace;
        uint256 interval;
        uint256 maxIntervals;
    }

    // ─── requestLoan ─────────────────────────────────────────────────────────────────────────

    function test_constructor_setsDefaultParameters() public view {
        IMicroLending.Parameters memory p = lending.parameters();
        assertEq(p.feeBps, FEE_BPS, "feeBps");
        assertEq(p.feeRecipient, FEE_RECIPIENT, "feeRecipient");
        assertEq(p.penaltyBps, PENALTY_BPS, "penaltyBps");
        assertEq(p.gracePeriod, GRACE, "gracePeriod");
        assertEq(p.penaltyInterval, INTERVAL, "penaltyInterval");
        assertEq(p.maxPenaltyIntervals, MAX_INTERVALS, "maxPenaltyIntervals");
        assertEq(p.minLoanAmount, MIN_AMOUNT, "minLoanAmount");
        assertEq(p.maxLoanAmount, MAX_AMOUNT, "maxLoanAmount");
        assertEq(p.minDuration, MIN_DURATION, "minDuration");
        assertEq(p.maxDuration, MAX_DURATION, "maxDuration");
        assertEq(p.maxAprBps, MAX_APR, "maxAprBps");
        assertEq(lending.owner(), OWNER, "owner");
        assertEq(lending.usdc(), address(usdc), "usdc");
        assertEq(lending.loanCounter(), 0, "loanCounter");
    }

    function testFuzz_requestLoan_acceptsAmountAndDurationInRange(uint256 amount, uint256 duration, uint256 capSteps)
        public
    {
        amount = bound(amount, MIN_AMOUNT, MAX_AMOUNT);
        duration = bound(duration, MIN_DURATION, MAX_DURATION);
        uint256 cap = capSteps % 2 == 0 ? 0 : 50 * bound(capSteps, 2, 100);

        vm.prank(BORROWER);
        uint256 id = cap == 0 ? lending.requestLoan(amount, duration) : lending.requestLoan(amount, duration, cap);

        assertEq(id, 1, "id");
        assertEq(lending.loanCounter(), 1, "loanCounter");
        IMicroLending.Loan memory loan = lending.getLoan(id);
        assertEq(loan.id, id, "loan.id");
        assertEq(loan.borrower, BORROWER, "borrower");
        assertEq(loan.lender, address(0), "lender");
        assertEq(loan.principal, amount, "principal");
        assertEq(loan.duration, duration, "duration");
        // The ceiling fixed at the request: the borrower's cap, or the platform maximum when lower
        // (or when the borrower named none).
        assertEq(loan.maxAprBps, cap == 0 ? MAX_APR : min(cap, MAX_APR), "maxAprBps");
        assertEq(uint256(loan.status), uint256(IMicroLending.LoanStatus.Requested), "status");
        assertEq(loan.startDate, 0, "startDate");
        assertEq(loan.interest, 0, "interest");
    }

    function test_requestLoan_acceptsExactLimits() public {
        vm.startPrank(BORROWER);
        lending.requestLoan(MIN_AMOUNT, MIN_DURATION);
        lending.requestLoan(MAX_AMOUNT, MAX_DURATION);
        lending.requestLoan(MIN_AMOUNT, MAX_DURATION, 100);
        lending.requestLoan(MAX_AMOUNT, MIN_DURATION, 5_000);
        vm.stopPrank();

        assertEq(lending.loanCounter(), 4, "loanCounter");
        assertEq(lending.getLoan(2).principal, MAX_AMOUNT, "max principal");
        assertEq(lending.getLoan(2).duration, MAX_DURATION, "max duration");
        assertEq(lending.getLoan(3).maxAprBps, 100, "min cap");
        // A cap of 50 % is accepted, but the platform's 20 % is the lower ceiling.
        assertEq(lending.getLoan(4).maxAprBps, MAX_APR, "max cap held to the platform maximum");
    }

    function test_requestLoan_revertsJustOutsideLimits() public {
        bytes4 amountError = IMicroLending.MicroLending__AmountOutOfRange.selector;
        bytes4 durationError = IMicroLending.MicroLending__DurationOutOfRange.selector;
        vm.startPrank(BORROWER);
        vm.expectRevert(abi.encodeWithSelector(amountError, MIN_AMOUNT - 1, MIN_AMOUNT, MAX_AMOUNT));
        lending.requestLoan(MIN_AMOUNT - 1, MIN_DURATION);
        vm.expectRevert(abi.encodeWithSelector(amountError, MAX_AMOUNT + 1, MIN_AMOUNT, MAX_AMOUNT));
        lending.requestLoan(MAX_AMOUNT + 1, MIN_DURATION);
        vm.expectRevert(abi.encodeWithSelector(durationError, MIN_DURATION - 1, MIN_DURATION, MAX_DURATION));
        lending.requestLoan(MIN_AMOUNT, MIN_DURATION - 1);
        vm.expectRevert(abi.encodeWithSelector(durationError, MAX_DURATION + 1, MIN_DURATION, MAX_DURATION));
        lending.requestLoan(MIN_AMOUNT, MAX_DURATION + 1);
        vm.stopPrank();
        assertEq(lending.loanCounter(), 0, "loanCounter");
    }

    function testFuzz_requestLoan_revertsWhenAmountOutOfRange(uint256 amount, uint256 duration, bool below) public {
        amount = below ? bound(amount, 0, MIN_AMOUNT - 1) : bound(amount, MAX_AMOUNT + 1, type(uint256).max);
        duration = bound(duration, MIN_DURATION, MAX_DURATION);
        bytes memory expected = abi.encodeWithSelector(
            IMicroLending.MicroLending__AmountOutOfRange.selector, amount, MIN_AMOUNT, MAX_AMOUNT
        );

        vm.expectRevert(expected);
        vm.prank(BORROWER);
        lending.requestLoan(amount, duration);

        vm.expectRevert(expected);
        vm.prank(BORROWER);
        lending.requestLoan(amount, duration, 1_000);

        assertEq(lending.loanCounter(), 0, "loanCounter");
    }

    function testFuzz_requestLoan_revertsWhenDurationOutOfRange(uint256 amount, uint256 duration, bool below) public {
        amount = bound(amount, MIN_AMOUNT, MAX_AMOUNT);
        duration = below ? bound(duration, 0, MIN_DURATION - 1) : bound(duration, MAX_DURATION + 1, type(uint256).max);
        bytes memory expected = abi.encodeWithSelector(
            IMicroLending.MicroLending__DurationOutOfRange.selector, duration, MIN_DURATION, MAX_DURATION
        );

        vm.expectRevert(expected);
        vm.prank(BORROWER);
        lending.requestLoan(amount, duration);

        vm.expectRevert(expected);
        vm.prank(BORROWER);
        lending.requestLoan(amount, duration, 1_000);

        assertEq(lending.loanCounter(), 0, "loanCounter");
    }

    // ─── fundLoan ────────────────────────────────────────────────────────────────────────────

    /// @dev Valid iff 100 <= apr <= min(platform max, borrower cap) and apr % 50 == 0. The APR is
    /// shaped to land near the valid range and on or off the 50-bps grid; `useRaw` also tries any
    /// uint256.
    function testFuzz_fundLoan_aprValidIffInRangeAndOnStep(
        uint256 aprSteps,
        uint8 offset,
        uint256 capSteps,
        uint256 rawApr,
        bool useRaw
    ) public {
        uint256 cap = capSteps % 3 == 0 ? 0 : 50 * bound(capSteps, 2, 100);
        uint256 effectiveMax = cap == 0 ? MAX_APR : min(cap, MAX_APR);
        uint256 apr = useRaw ? rawApr : bound(aprSteps, 0, 110) * 50 + (offset % 4 == 0 ? 0 : bound(offset, 1, 49));
        bool valid = apr >= 100 && apr <= effectiveMax && apr % 50 == 0;

        uint256 principal = 1e6;
        vm.prank(BORROWER);
        uint256 id = cap == 0 ? lending.requestLoan(principal, 30 days) : lending.requestLoan(principal, 30 days, cap);
        usdc.mint(LENDER, principal);

        if (!valid) {
            vm.expectRevert(
                abi.encodeWithSelector(IMicroLending.MicroLending__InvalidApr.selector, apr, effectiveMax)
            );
        }
        vm.prank(LENDER);
        lending.fundLoan(id, apr);

        IMicroLending.Loan memory loan = lending.getLoan(id);
        if (valid) {
            assertEq(uint256(loan.status), uint256(IMicroLending.LoanStatus.Funded), "status");
            assertEq(loan.aprBps, apr, "aprBps");
            assertEq(loan.lender, LENDER, "lender");
        } else {
            assertEq(uint256(loan.status), uint256(IMicroLending.LoanStatus.Requested), "status");
            assertEq(usdc.balanceOf(LENDER), principal, "lender balance");
        }
    }

    function testFuzz_fundLoan_revertsWhenLenderIsBorrower(uint256 amount, uint256 aprSteps) public {
        amount = bound(amount, MIN_AMOUNT, MAX_AMOUNT);
        uint256 apr = 50 * bound(aprSteps, 2, MAX_APR / 50);
        uint256 id = _request(amount, 30 days);
        usdc.mint(BORROWER, amount);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__LenderIsBorrower.selector, id));
        vm.prank(BORROWER);
        lending.fundLoan(id, apr);

        assertStatus(id, IMicroLending.LoanStatus.Requested, "status");
    }

    // ─── Money ───────────────────────────────────────────────────────────────────────────────

    /// @dev Default penalty terms; repaid anywhere from the funding block to well past the
    /// penalty cap.
    function testFuzz_repayLoan_lenderReceivesPrincipalInterestAndPenalty(
        uint256 principal,
        uint256 duration,
        uint256 aprSteps,
        uint256 repayDelay
    ) public {
        Terms memory t;
        t.principal = bound(principal, MIN_AMOUNT, MAX_AMOUNT);
        t.duration = bound(duration, MIN_DURATION, MAX_DURATION);
        t.apr = 50 * bound(aprSteps, 2, MAX_APR / 50);
        t.penaltyBps = PENALTY_BPS;
        t.grace = GRACE;
        t.interval = INTERVAL;
        t.maxIntervals = MAX_INTERVALS;

        uint256 id = _request(t.principal, t.duration);
        t.fundedAt = block.timestamp;
        _fundAndCheck(id, t, FEE_BPS);

        vm.warp(t.fundedAt + bound(repayDelay, 0, t.duration + GRACE + (MAX_INTERVALS + 5) * INTERVAL));
        uint256 penalty = _repayAndCheck(id, t);
        assertLe(penalty, ceilDiv(t.principal * PENALTY_BPS * MAX_INTERVALS, 10_000), "penalty above cap");
    }

    /// @dev Any valid penalty configuration, set before funding.
    function testFuzz_repayLoan_penaltyFollowsConfiguredTerms(
        uint256 principal,
        uint256 penaltyBps,
        uint256 grace,
        uint256 interval,
        uint256 maxIntervals,
        uint256 repayDelay
    ) public {
        Terms memory t;
        t.principal = bound(principal, MIN_AMOUNT, MAX_AMOUNT);
        t.duration = 30 days;
        t.apr = 1_000;
        t.maxIntervals = bound(maxIntervals, 1, 255);
        t.penaltyBps = bound(penaltyBps, 0, min(500, 5_000 / t.maxIntervals));
        t.grace = bound(grace, 0, 30 days);
        t.interval = bound(interval, 1 hours, 30 days);
        vm.prank(OWNER);
        lending.setPenaltyConfig(t.penaltyBps, t.grace, t.interval, t.maxIntervals);

        uint256 id = _request(t.principal, t.duration);
        t.fundedAt = block.timestamp;
        _fundAndCheck(id, t, FEE_BPS);

        uint256 latest = t.duration + t.grace + (t.maxIntervals + 2) * t.interval;
        vm.warp(t.fundedAt + bound(repayDelay, 0, latest));
        uint256 penalty = _repayAndCheck(id, t);
        assertLe(penalty, ceilDiv(t.principal * t.penaltyBps * t.maxIntervals, 10_000), "penalty above cap");
    }

    function testFuzz_getRepaymentBreakdown_penaltyNeverExceedsCap(uint256 principal, uint256 delay) public {
        principal = bound(principal, MIN_AMOUNT, MAX_AMOUNT);
        uint256 id = _request(principal, MIN_DURATION);
        _fund(id, 2_000);
        vm.warp(block.timestamp + bound(delay, 0, 100 * 365 days));

        (,,, uint256 penalty, uint256 total,) = lending.getRepaymentBreakdown(id);
        uint256 cap = ceilDiv(principal * PENALTY_BPS * MAX_INTERVALS, 10_000);
        assertLe(penalty, cap, "penalty above cap");
        assertLe(total, principal + ceilDiv(principal * 2_000 * MIN_DURATION, 10_000 * 365 days) + cap, "total");
    }

    // ─── Terms fixed at the request ──────────────────────────────────────────────────────────

    /// @dev The ceiling is the borrower's cap or the platform maximum at the request, whichever is
    /// lower (the maximum when there is no cap); funding is then held to the lower of that ceiling
    /// and the platform maximum at funding, whichever way the owner moved it in between.
    function testFuzz_requestLoan_ceilingIsLowerOfCapAndPlatformMax(
        uint256 platformSteps,
        uint256 capSteps,
        bool withCap,
        uint256 laterSteps
    ) public {
        uint256 platform = 50 * bound(platformSteps, 2, 100);
        uint256 cap = 50 * bound(capSteps, 2, 100);
        uint256 later = 50 * bound(laterSteps, 2, 100);
        vm.prank(OWNER);
        lending.setMaxApr(platform);

        vm.prank(BORROWER);
        uint256 id = withCap ? lending.requestLoan(1e6, 30 days, cap) : lending.requestLoan(1e6, 30 days);
        uint256 ceiling = withCap ? min(cap, platform) : platform;
        assertEq(lending.getLoan(id).maxAprBps, ceiling, "ceiling");

        vm.prank(OWNER);
        lending.setMaxApr(later);
        assertEq(lending.getLoan(id).maxAprBps, ceiling, "ceiling after the owner's change");
        uint256 limit = min(ceiling, later);
        usdc.mint(LENDER, 1e6);
        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__InvalidApr.selector, limit + 50, limit));
        vm.prank(LENDER);
        lending.fundLoan(id, limit + 50);

        vm.prank(LENDER);
        lending.fundLoan(id, limit);
        assertEq(lending.getLoan(id).aprBps, limit, "aprBps");
    }

    /// @dev A loan requested under one schedule and funded after the owner set others: its
    /// deadline and late penalty are those of the request, and a loan requested after the
    /// changes has the last one.
    function testFuzz_repayLoan_penaltyFollowsRequestTimeSchedule(
        uint256 principal,
        uint256 requestSchedule,
        uint256 laterSchedule,
        uint256 changes,
        uint256 repayDelay
    ) public {
        Terms memory t;
        t.principal = bound(principal, MIN_AMOUNT, MAX_AMOUNT);
        t.duration = 30 days;
        t.apr = 1_000;
        _fuzzSchedule(t, requestSchedule);
        vm.prank(OWNER);
        lending.setPenaltyConfig(t.penaltyBps, t.grace, t.interval, t.maxIntervals);
        uint256 id = _request(t.principal, t.duration);

        Terms memory later;
        changes = bound(changes, 1, 3);
        for (uint256 i = 0; i < changes; i++) {
            _fuzzSchedule(later, i == 0 ? laterSchedule : uint256(keccak256(abi.encode(laterSchedule, i))));
            vm.prank(OWNER);
            lending.setPenaltyConfig(later.penaltyBps, later.grace, later.interval, later.maxIntervals);
        }
        IMicroLending.Loan memory next = lending.getLoan(_request(t.principal, t.duration));
        assertEq(next.penaltyBps, later.penaltyBps, "later request: penaltyBps");
        assertEq(next.gracePeriod, later.grace, "later request: gracePeriod");
        assertEq(next.penaltyInterval, later.interval, "later request: penaltyInterval");
        assertEq(next.maxPenaltyIntervals, later.maxIntervals, "later request: maxPenaltyIntervals");

        t.fundedAt = block.timestamp;
        _fundAndCheck(id, t, FEE_BPS);
        uint256 deadline = t.fundedAt + t.duration + t.grace;
        vm.warp(t.fundedAt + bound(repayDelay, 0, t.duration + t.grace + (t.maxIntervals + 2) * t.interval));
        if (block.timestamp <= deadline) {
            vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotDefaultable.selector, id, deadline));
        }
        lending.markDefaulted(id);
        _repayAndCheck(id, t);
    }

    /// @dev Funding works up to the last start whose deadline (due date plus the grace period of
    /// the request, whatever the owner set since) fits in 32 bits, and is refused after it.
    function testFuzz_fundLoan_deadlineMustFitIn32Bits(uint256 duration, uint256 newGrace, uint256 at) public {
        duration = bound(duration, MIN_DURATION, MAX_DURATION);
        uint256 id = _request(1e6, duration);
        vm.prank(OWNER);
        lending.setPenaltyConfig(PENALTY_BPS, bound(newGrace, 0, 30 days), INTERVAL, MAX_INTERVALS);
        uint256 latest = type(uint32).max - duration - GRACE;
        at = bound(at, latest - 1 days, latest + 1 days);
        vm.warp(at);
        usdc.mint(LENDER, 1e6);

        if (at > latest) {
            vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__DeadlineTooLate.selector));
        }
        vm.prank(LENDER);
        lending.fundLoan(id, 1_000);

        if (at > latest) {
            assertStatus(id, IMicroLending.LoanStatus.Requested, "status");
            return;
        }
        assertEq(lending.getLoan(id).endDate, at + duration, "endDate");
        vm.warp(at + duration + GRACE);
        vm.expectRevert(
            abi.encodeWithSelector(IMicroLending.MicroLending__NotDefaultable.selector, id, at + duration + GRACE)
        );
        lending.markDefaulted(id);
    }

    // ─── Reserve and rescue ──────────────────────────────────────────────────────────────────

    /// @dev With a repayment in escrow and a fee held, the owner can send back what was sent by
    /// mistake, never a unit of the reserve, which still pays out in full.
    function testFuzz_rescueTokens_onlyTheSurplus(uint256 stray, uint256 amount) public {
        usdc.setBlacklisted(FEE_RECIPIENT, true);
        _fund(_request(2e6, 30 days), 1_000);
        usdc.setBlacklisted(FEE_RECIPIENT, false);
        uint256 escrowId = _escrowedLoan();
        uint256 reserved = 1e6 + 8_220 + 20_000;
        assertEq(lending.reservedUsdc(), reserved, "reservedUsdc");

        stray = bound(stray, 0, 1_000e6);
        usdc.mint(address(this), stray);
        usdc.transfer(address(lending), stray);
        amount = bound(amount, 0, stray + reserved);
        if (amount > stray) {
            vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__ExceedsSurplus.selector, amount, stray));
        }
        vm.prank(OWNER);
        lending.rescueTokens(address(usdc), OWNER, amount);
        uint256 rescued = amount > stray ? 0 : amount;
        assertEq(usdc.balanceOf(OWNER), rescued, "owner received");
        assertEq(usdc.balanceOf(address(lending)), reserved + stray - rescued, "balance");

        vm.prank(LENDER);
        lending.claimEscrowTo(escrowId, BORROWER);
        vm.prank(FEE_RECIPIENT);
        lending.claimFees(BORROWER);
        assertEq(lending.reservedUsdc(), 0, "reserve paid out");
        assertEq(usdc.balanceOf(address(lending)), stray - rescued, "only the surplus left");
    }

    /// @dev A lender who cannot receive has the escrow sent anywhere they name, once.
    function testFuzz_claimEscrowTo_paysWhereverTheLenderSays(address to) public {
        vm.assume(to != address(0) && to != LENDER && to != address(lending));
        uint256 id = _escrowedLoan();
        uint256 before = usdc.balanceOf(to);

        vm.prank(LENDER);
        lending.claimEscrowTo(id, to);
        assertEq(usdc.balanceOf(to) - before, 1e6 + 8_220, "received");
        assertEq(lending.reservedUsdc(), 0, "reservedUsdc");

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NothingToClaim.selector, id));
        vm.prank(LENDER);
        lending.claimEscrowTo(id, to);
    }

    // ─── Access control ──────────────────────────────────────────────────────────────────────

    function testFuzz_ownerSetters_revertForNonOwner(address caller) public {
        vm.assume(caller != OWNER);
        bytes memory unauthorized = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, caller);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setFeeBps(50);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setFeeRecipient(caller == address(0) ? address(1) : caller);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setLoanLimits(1, 1e6, 1 days, 10 days);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setMaxApr(1_000);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.setPenaltyConfig(50, 1 days, 1 hours, 10);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.rescueTokens(address(usdc), caller == address(0) ? address(1) : caller, 0);

        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.pause();

        // unpause must be refused for its caller, not merely because nothing is paused.
        vm.prank(OWNER);
        lending.pause();
        vm.expectRevert(unauthorized);
        vm.prank(caller);
        lending.unpause();

        // Nothing changed, and the owner can still do each of these (so the reverts above were
        // about the caller, not the arguments).
        IMicroLending.Parameters memory p = lending.parameters();
        assertEq(p.feeBps, FEE_BPS, "feeBps");
        assertEq(p.feeRecipient, FEE_RECIPIENT, "feeRecipient");
        assertEq(p.minLoanAmount, MIN_AMOUNT, "minLoanAmount");
        assertEq(p.maxAprBps, MAX_APR, "maxAprBps");
        assertEq(p.penaltyBps, PENALTY_BPS, "penaltyBps");
        vm.startPrank(OWNER);
        lending.unpause();
        lending.setFeeBps(50);
        lending.setFeeRecipient(address(1));
        lending.setLoanLimits(1, 1e6, 1 days, 10 days);
        lending.setMaxApr(1_000);
        lending.setPenaltyConfig(50, 1 days, 1 hours, 10);
        lending.pause();
        vm.stopPrank();
        assertEq(lending.parameters().feeBps, 50, "owner feeBps");
    }

    function testFuzz_cancelLoan_revertsForNonBorrower(address caller) public {
        vm.assume(caller != BORROWER);
        uint256 id = _request(1e6, 30 days);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotBorrower.selector, id, caller));
        vm.prank(caller);
        lending.cancelLoan(id);

        assertStatus(id, IMicroLending.LoanStatus.Requested, "status");
        vm.prank(BORROWER);
        lending.cancelLoan(id);
        assertStatus(id, IMicroLending.LoanStatus.Cancelled, "status after borrower");
    }

    function testFuzz_repayLoan_revertsForNonBorrower(address caller) public {
        vm.assume(caller != BORROWER);
        uint256 id = _request(1e6, 30 days);
        _fund(id, 1_000);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotBorrower.selector, id, caller));
        vm.prank(caller);
        lending.repayLoan(id);

        assertStatus(id, IMicroLending.LoanStatus.Funded, "status");
    }

    function testFuzz_claimEscrow_revertsForNonLender(address caller) public {
        vm.assume(caller != LENDER);
        uint256 id = _escrowedLoan();
        uint256 escrowed = lending.getLoan(id).escrowed;
        usdc.setBlacklisted(LENDER, false);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotLender.selector, id, caller));
        vm.prank(caller);
        lending.claimEscrow(id);

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotLender.selector, id, caller));
        vm.prank(caller);
        lending.claimEscrowTo(id, caller == address(0) ? address(1) : caller);

        assertEq(lending.getLoan(id).escrowed, escrowed, "escrow kept");
        vm.prank(LENDER);
        lending.claimEscrow(id);
        assertEq(usdc.balanceOf(LENDER), escrowed, "lender claimed");
    }

    // ─── Boundary times ──────────────────────────────────────────────────────────────────────

    function testFuzz_markDefaulted_revertsAtDeadlineSucceedsAfter(uint256 duration) public {
        duration = bound(duration, MIN_DURATION, MAX_DURATION);
        uint256 id = _request(1e6, duration);
        _fund(id, 1_000);
        uint256 deadline = block.timestamp + duration + GRACE;

        vm.warp(deadline);
        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NotDefaultable.selector, id, deadline));
        lending.markDefaulted(id);
        assertStatus(id, IMicroLending.LoanStatus.Funded, "status at deadline");

        vm.warp(deadline + 1);
        lending.markDefaulted(id);
        assertStatus(id, IMicroLending.LoanStatus.Defaulted, "status after deadline");
    }

    function test_repayLoan_noPenaltyAtDueDate() public {
        uint256 id = _request(5e6, 30 days);
        _fund(id, 1_000);
        vm.warp(block.timestamp + 30 days);
        assertEq(lending.getLoan(id).endDate, block.timestamp, "endDate");

        uint256 paid = _repay(id);
        // 5 USDC at 10 % for 30 days: ceil(5e6 * 1000 * 30 days / (10000 * 365 days)) = 41096.
        assertEq(paid, 5e6 + 41_096, "paid");
    }

    function testFuzz_repayLoan_noPenaltyWithinGracePeriod(uint256 offset) public {
        uint256 id = _request(5e6, 30 days);
        _fund(id, 1_000);
        uint256 dueDate = block.timestamp + 30 days;
        vm.warp(dueDate + bound(offset, 0, GRACE));

        (,,, uint256 penalty,,) = lending.getRepaymentBreakdown(id);
        assertEq(penalty, 0, "penalty");
        assertEq(_repay(id), 5e6 + 41_096, "paid");
    }

    function test_repayLoan_onePenaltyIntervalJustAfterDeadline() public {
        uint256 id = _request(5e6, 30 days);
        _fund(id, 1_000);
        vm.warp(block.timestamp + 30 days + GRACE + 1);

        // One started day: 1 % of 5 USDC.
        assertEq(_repay(id), 5e6 + 41_096 + 50_000, "paid");
    }

    function test_repayLoan_succeedsAfterDefault() public {
        uint256 id = _request(5e6, 30 days);
        _fund(id, 1_000);
        vm.warp(block.timestamp + 30 days + GRACE + 1);
        lending.markDefaulted(id);
        assertStatus(id, IMicroLending.LoanStatus.Defaulted, "defaulted");

        assertEq(_repay(id), 5e6 + 41_096 + 50_000, "paid");
        assertEq(usdc.balanceOf(LENDER), 5e6 + 41_096 + 50_000, "lender received");
        assertStatus(id, IMicroLending.LoanStatus.Repaid, "status");
    }

    // ─── Escrow and liveness ─────────────────────────────────────────────────────────────────

    function test_claimEscrow_releasesExactlyOnce() public {
        uint256 id = _escrowedLoan();
        uint256 escrowed = lending.getLoan(id).escrowed;
        assertEq(escrowed, 1e6 + 8_220, "escrowed"); // ceil(1e6 * 1000 * 30 / 3650000) = 8220
        assertEq(usdc.balanceOf(address(lending)), escrowed, "held");

        usdc.setBlacklisted(LENDER, false);
        vm.prank(LENDER);
        lending.claimEscrow(id);
        assertEq(usdc.balanceOf(LENDER), escrowed, "lender received");
        assertEq(usdc.balanceOf(address(lending)), 0, "contract emptied");
        assertEq(lending.getLoan(id).escrowed, 0, "escrow cleared");

        vm.expectRevert(abi.encodeWithSelector(IMicroLending.MicroLending__NothingToClaim.selector, id));
        vm.prank(LENDER);
        lending.claimEscrow(id);
        assertEq(usdc.balanceOf(LENDER), escrowed, "no second release");
    }

    function test_repayLoan_succeedsWhilePaused() public {
        uint256 id = _request(1e6, 30 days);
        _fund(id, 1_000);
        vm.prank(OWNER);
        lending.pause();

        uint256 paid = _repay(id);
        assertEq(paid, 1e6 + 8_220, "paid");
        assertEq(usdc.balanceOf(LENDER), paid, "lender received");
        assertStatus(id, IMicroLending.LoanStatus.Repaid, "status");
    }

    function test_repayLoan_escrowsWhenLenderBlacklistedAndPaused() public {
        uint256 id = _request(1e6, 30 days);
        _fund(id, 1_000);
        vm.prank(OWNER);
        lending.pause();
        usdc.setBlacklisted(LENDER, true);

        usdc.mint(BORROWER, 1e6);
        uint256 borrowerBefore = usdc.balanceOf(BORROWER);
        vm.prank(BORROWER);
        lending.repayLoan(id);

        assertStatus(id, IMicroLending.LoanStatus.Repaid, "status");
        assertEq(borrowerBefore - usdc.balanceOf(BORROWER), 1e6 + 8_220, "borrower paid");
        assertEq(lending.getLoan(id).escrowed, 1e6 + 8_220, "escrowed");
        assertEq(usdc.balanceOf(address(lending)), 1e6 + 8_220, "held");
        assertEq(usdc.balanceOf(LENDER), 0, "lender received nothing");

        // Claiming works while paused too.
        usdc.setBlacklisted(LENDER, false);
        vm.prank(LENDER);
        lending.claimEscrow(id);
        assertEq(usdc.balanceOf(LENDER), 1e6 + 8_220, "lender claimed");
    }

    // ─── Helpers ─────────────────────────────────────────────────────────────────────────────

    function _request(uint256 amount, uint256 duration) internal returns (uint256 id) {
        vm.prank(BORROWER);
        id = lending.requestLoan(amount, duration);
    }

    function _fund(uint256 id, uint256 apr) internal {
        usdc.mint(LENDER, lending.getLoan(id).principal);
        vm.prank(LENDER);
        lending.fundLoan(id, apr);
    }

    /// @dev Mints the borrower what is due, repays, and returns what left the borrower.
    function _repay(uint256 id) internal returns (uint256 paid) {
        (,,,, uint256 total,) = lending.getRepaymentBreakdown(id);
        usdc.mint(BORROWER, total);
        uint256 before = usdc.balanceOf(BORROWER);
        vm.prank(BORROWER);
        lending.repayLoan(id);
        paid = before - usdc.balanceOf(BORROWER);
        assertEq(paid, total, "paid the breakdown's total");
    }

    /// @dev A 1 USDC, 30-day, 10 % loan repaid while its lender is blacklisted (still blacklisted).
    function _escrowedLoan() internal returns (uint256 id) {
        id = _request(1e6, 30 days);
        _fund(id, 1_000);
        usdc.setBlacklisted(LENDER, true);
        _repay(id);
        assertEq(lending.getLoan(id).escrowed, 1e6 + 8_220, "escrowed");
    }

    /// @dev Funds at `t.apr` and checks who got what.
    function _fundAndCheck(uint256 id, Terms memory t, uint256 feeBps) internal {
        uint256 fee = t.principal * feeBps / 10_000;
        usdc.mint(LENDER, t.principal);
        uint256 lenderBefore = usdc.balanceOf(LENDER);
        uint256 borrowerBefore = usdc.balanceOf(BORROWER);
        uint256 feeBefore = usdc.balanceOf(FEE_RECIPIENT);

        vm.prank(LENDER);
        lending.fundLoan(id, t.apr);

        assertEq(lenderBefore - usdc.balanceOf(LENDER), t.principal, "lender paid");
        assertEq(usdc.balanceOf(BORROWER) - borrowerBefore, t.principal - fee, "borrower received");
        assertEq(usdc.balanceOf(FEE_RECIPIENT) - feeBefore, fee, "fee recipient received");
        assertEq(usdc.balanceOf(address(lending)), 0, "contract holds nothing");

        (, , uint256 platformFee,,, uint256 amountToBorrower) = lending.getRepaymentBreakdown(id);
        assertEq(platformFee, fee, "breakdown fee");
        assertEq(amountToBorrower, t.principal - fee, "breakdown amountToBorrower");

        IMicroLending.Loan memory loan = lending.getLoan(id);
        assertEq(loan.startDate, t.fundedAt, "startDate");
        assertEq(loan.endDate, t.fundedAt + t.duration, "endDate");
        assertEq(loan.gracePeriod, t.grace, "gracePeriod");
        assertEq(loan.interest, _interest(t), "interest");
    }

    /// @dev Checks the breakdown against the spec, repays, checks that exactly that moved to the
    /// lender, and returns the penalty.
    function _repayAndCheck(uint256 id, Terms memory t) internal returns (uint256 penalty) {
        uint256 interest = _interest(t);
        penalty = _penalty(t, block.timestamp);
        uint256 total = t.principal + interest + penalty;

        (uint256 bPrincipal, uint256 bInterest,, uint256 bPenalty, uint256 bTotal,) = lending.getRepaymentBreakdown(id);
        assertEq(bPrincipal, t.principal, "breakdown principal");
        assertEq(bInterest, interest, "breakdown interest");
        assertEq(bPenalty, penalty, "breakdown penalty");
        assertEq(bTotal, total, "breakdown total");

        usdc.mint(BORROWER, total);
        uint256 lenderBefore = usdc.balanceOf(LENDER);
        uint256 borrowerBefore = usdc.balanceOf(BORROWER);
        vm.prank(BORROWER);
        lending.repayLoan(id);

        assertEq(usdc.balanceOf(LENDER) - lenderBefore, total, "lender received");
        assertEq(borrowerBefore - usdc.balanceOf(BORROWER), total, "borrower paid");
        assertEq(usdc.balanceOf(address(lending)), 0, "contract holds nothing");
        assertStatus(id, IMicroLending.LoanStatus.Repaid, "status");
    }

    /// @dev Fills `t`'s penalty terms with any valid schedule, drawn from `seed`.
    function _fuzzSchedule(Terms memory t, uint256 seed) internal pure {
        t.maxIntervals = bound(seed & 0xff, 1, 255);
        t.penaltyBps = bound((seed >> 8) & 0xffff, 0, min(500, 5_000 / t.maxIntervals));
        t.grace = bound((seed >> 24) & 0xffffffff, 0, 30 days);
        t.interval = bound((seed >> 56) & 0xffffffff, 1 hours, 30 days);
    }

    function _interest(Terms memory t) internal pure returns (uint256) {
        return ceilDiv(t.principal * t.apr * t.duration, 10_000 * 365 days);
    }

    function _penalty(Terms memory t, uint256 at) internal pure returns (uint256) {
        uint256 deadline = t.fundedAt + t.duration + t.grace;
        if (at <= deadline) {
            return 0;
        }
        uint256 intervals = min(ceilDiv(at - deadline, t.interval), t.maxIntervals);
        return ceilDiv(t.principal * t.penaltyBps * intervals, 10_000);
    }
}

/// @dev Invariants over random sequences of {MicroLendingHandler} actions. The handler never
/// reverts by design, so any revert in a sequence (such as a view reverting on a loan id the
/// counter says exists) fails the test.
/// hardhat-config: invariant.runs = 96
/// hardhat-config: invariant.depth = 64
/// hardhat-config: invariant.failOnRevert = true
contract MicroLendingInvariantTest is MicroLendingTestBase {
    MicroLendingHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new MicroLendingHandler(lending, usdc, OWNER, FEE_RECIPIENT);
        vm.label(address(handler), "handler");
    }

    /// @dev What forge-std's StdInvariant would return: the fuzzer calls the handler only.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// @dev What the contract holds for others is exactly the escrow not yet claimed plus the fees
    /// held and not yet claimed, by the contract's own views and by the handler's count.
    function invariant_reservedUsdcIsUnclaimedEscrowPlusHeldFees() public view {
        uint256 n = lending.loanCounter();
        uint256 escrowed;
        for (uint256 id = 1; id <= n; id++) {
            escrowed += lending.getLoan(id).escrowed;
        }
        uint256 held;
        for (uint256 i = 0; i < handler.feeRecipientCount(); i++) {
            held += lending.heldFees(handler.feeRecipientAt(i));
        }
        uint256 ghostEscrow = handler.ghostEscrowedTotal() - handler.ghostReleasedTotal();
        uint256 ghostFees = handler.ghostFeesHeldTotal() - handler.ghostFeesClaimedTotal();
        assertEq(escrowed, ghostEscrow, "sum of escrowed vs escrowed - released");
        assertEq(held, ghostFees, "sum of heldFees vs held - claimed");
        assertEq(lending.reservedUsdc(), ghostEscrow + ghostFees, "reservedUsdc");
    }

    /// @dev The balance never falls below what is held for others, and whatever lies above it is
    /// USDC sent by mistake and not yet sent back: the owner's rescues never reach into the reserve.
    function invariant_balanceCoversReservedUsdc() public view {
        uint256 balance = usdc.balanceOf(address(lending));
        uint256 reserved = lending.reservedUsdc();
        assertLe(reserved, balance, "reservedUsdc vs balance");
        assertEq(
            balance - reserved, handler.ghostStrayTotal() - handler.ghostRescuedTotal(), "surplus vs stray - rescued"
        );
    }

    /// @dev Every loan keeps the APR ceiling its request fixed, and no loan was funded above it (or
    /// above the platform maximum at funding), whatever the owner set in between.
    function invariant_fundedAprWithinRequestCeiling() public view {
        uint256 n = lending.loanCounter();
        for (uint256 id = 1; id <= n; id++) {
            IMicroLending.Loan memory loan = lending.getLoan(id);
            string memory which = Strings.toString(id);
            assertEq(loan.maxAprBps, handler.ghostCeiling(id), string.concat("ceiling of loan ", which));
            if (loan.lender != address(0)) {
                assertEq(loan.aprBps, handler.ghostApr(id), string.concat("APR of loan ", which));
                assertLe(loan.aprBps, handler.ghostCeiling(id), string.concat("APR above ceiling, loan ", which));
                assertLe(
                    loan.aprBps,
                    handler.ghostMaxAprAtFunding(id),
                    string.concat("APR above the platform maximum at funding, loan ", which)
                );
            }
        }
    }

    /// @dev Every loan shows the schedule in force at its request; every open loan's deadline and
    /// penalty now, and every repayment's penalty, follow that schedule.
    function invariant_penaltyFollowsRequestSchedule() public view {
        assertEq(handler.ghostWrongPenalties(), 0, "repayments charged off the request-time schedule");
        uint256 n = lending.loanCounter();
        for (uint256 id = 1; id <= n; id++) {
            IMicroLending.Loan memory loan = lending.getLoan(id);
            MicroLendingHandler.Schedule memory s = handler.ghostSchedule(id);
            string memory which = Strings.toString(id);
            assertEq(loan.penaltyBps, s.penaltyBps, string.concat("penaltyBps of loan ", which));
            assertEq(loan.gracePeriod, s.grace, string.concat("gracePeriod of loan ", which));
            assertEq(loan.penaltyInterval, s.interval, string.concat("penaltyInterval of loan ", which));
            assertEq(loan.maxPenaltyIntervals, s.maxIntervals, string.concat("maxPenaltyIntervals of loan ", which));
            if (loan.status == IMicroLending.LoanStatus.Funded || loan.status == IMicroLending.LoanStatus.Defaulted) {
                assertEq(
                    loan.endDate + loan.gracePeriod,
                    handler.ghostDeadline(id),
                    string.concat("deadline of loan ", which)
                );
                (,,, uint256 penalty,,) = lending.getRepaymentBreakdown(id);
                assertEq(
                    penalty,
                    handler.ghostPenalty(id, loan.principal, block.timestamp),
                    string.concat("penalty now of loan ", which)
                );
            }
        }
    }

    /// @dev Held fees go down only when their recipient claims them, and each recipient's are what
    /// was held for it since its last claim.
    function invariant_heldFeesOnlyDecreaseByClaims() public view {
        assertEq(handler.ghostHeldFeesFellWithoutClaim(), 0, "heldFees fell without a claim");
        for (uint256 i = 0; i < handler.feeRecipientCount(); i++) {
            address recipient = handler.feeRecipientAt(i);
            assertEq(lending.heldFees(recipient), handler.ghostHeldFees(recipient), "heldFees vs ghost");
        }
    }

    function invariant_noLoanSettlesTwice() public view {
        uint256 n = lending.loanCounter();
        for (uint256 id = 1; id <= n; id++) {
            if (handler.ghostRepayments(id) > 1) {
                revert(string.concat("loan repaid twice: ", Strings.toString(id)));
            }
            if (handler.ghostReleases(id) > handler.ghostEscrows(id)) {
                revert(string.concat("escrow released more than escrowed: ", Strings.toString(id)));
            }
        }
    }

    function invariant_terminalStatesStayTerminal() public view {
        uint256 n = lending.loanCounter();
        for (uint256 id = 1; id <= n; id++) {
            IMicroLending.LoanStatus seen = handler.ghostTerminalStatus(id);
            if (seen != IMicroLending.LoanStatus.None) {
                assertStatus(id, seen, string.concat("terminal status changed: ", Strings.toString(id)));
            }
        }
    }

    function invariant_loanCounterMatchesRequests() public view {
        assertEq(lending.loanCounter(), handler.ghostRequests(), "loanCounter vs successful requests");
    }

    /// @dev Every call the handler expected to succeed did (repayment is never blocked, not even
    /// by a blacklisted lender or a pause), every call it expected to fail did, with the right
    /// error, and every success moved the right amounts.
    function invariant_handlerSawNoUnexpectedOutcome() public view {
        if (handler.unexpectedOutcomes() != 0) {
            revert(handler.lastUnexpectedOutcome());
        }
    }
}
